import { describe, expect, it } from 'vitest';
import { describeCommand } from '../../../src-shared/commands';

// The Edit menu names a step in the players' words ("Undo paint water depth"), never a field name.
describe('describeCommand', () => {
  it('names painted layers and map edits in words', () => {
    const paint = (layer: 'terrain' | 'waterDepth' | 'resistance' | 'edgeSouth') => describeCommand({ type: 'setSquares', layer, indices: [0], values: [1] });
    expect(paint('terrain')).toBe('paint terrain');
    expect(paint('waterDepth')).toBe('paint water depth');
    expect(paint('resistance')).toBe('paint movement resistance');
    expect(paint('edgeSouth')).toBe('paint edges');
    expect(describeCommand({ type: 'resizeMap', width: 3, height: 3, dx: 0, dy: 0 })).toBe('resize map');
  });
});
