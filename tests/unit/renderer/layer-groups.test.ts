import { describe, expect, it } from 'vitest';
import { groupsOf, LAYER_GROUPS } from '../../../src-renderer/state/layers';

// The Layers panel's rows for labels and drawn geometry lock the commands that change them.
describe('layer groups of labels and drawn geometry', () => {
  it('has a row for labels and notes and one for drawn walls and lights, each lockable', () => {
    expect(LAYER_GROUPS.find((g) => g.id === 'labels')).toMatchObject({ label: 'Labels and notes', visibility: 'labels', lockable: true });
    expect(LAYER_GROUPS.find((g) => g.id === 'drawn')).toMatchObject({ label: 'Drawn walls and lights', visibility: 'drawn', lockable: true });
  });

  it('names the group each command changes, inside a batch too', () => {
    expect([...groupsOf({ type: 'setLabels', labels: [] })]).toEqual(['labels']);
    expect([...groupsOf({ type: 'setDrawn', drawn: null })]).toEqual(['drawn']);
    expect([...groupsOf({ type: 'setLights', lights: [] })]).toEqual(['drawn']);
    expect([...groupsOf({ type: 'batch', label: 'x', commands: [{ type: 'setTokenImages', tokenImages: [] }, { type: 'updateCreature', id: 'C1', changes: { token: 't' } }] })]).toEqual(['creatures']);
  });
});
