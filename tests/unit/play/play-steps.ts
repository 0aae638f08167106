import type { Encounter } from '../../../src-shared/model';
import { perform, replay, type PlayAction, type PlaySession, type PlayState } from '../../../src-shared/play';

/**
 * Plays actions one after another through the model, as the panel does: each must be accepted (a
 * refusal throws with its reason, so a test fails where the fight went wrong).
 */
export function play(planned: Encounter, session: PlaySession, ...actions: PlayAction[]): { session: PlaySession; state: PlayState } {
  let s = session;
  let state = replay(planned, s);
  for (const a of actions) {
    const r = perform(planned, s, a, state);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.reason}`);
    s = r.session;
    state = r.state;
  }
  return { session: s, state };
}
