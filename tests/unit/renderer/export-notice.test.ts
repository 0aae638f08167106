import { describe, expect, it } from 'vitest';
import { exportNotice } from '../../../src-renderer/state/wording';

describe('the notice after an export', () => {
  it('on the desktop names the path written and the companions beside it', () => {
    expect(exportNotice('desktop', [
      { id: '/home/gm/maps/Gate.foundry.json', name: 'Gate.foundry.json' },
      { id: '/home/gm/maps/Gate.foundry-map.png', name: 'Gate.foundry-map.png' },
    ])).toBe('Exported /home/gm/maps/Gate.foundry.json, with Gate.foundry-map.png beside it.');
    expect(exportNotice('desktop', [{ id: 'C:\\maps\\Gate.dd2vtt', name: 'Gate.dd2vtt' }])).toBe('Exported C:\\maps\\Gate.dd2vtt.');
  });

  it('in the browser names the downloads (their ids are only keys)', () => {
    expect(exportNotice('browser', [
      { id: '5f0c', name: 'Gate.tmj' },
      { id: '77aa', name: 'Gate-tiles.png' },
    ])).toBe('Downloaded Gate.tmj and Gate-tiles.png.');
    expect(exportNotice('browser', [{ id: 'x', name: 'Gate.json' }])).toBe('Downloaded Gate.json.');
  });
});
