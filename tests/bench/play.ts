import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEncounter } from '../../src-shared/io';
import { moveRequest, newSession, perform, replay, type PlayAction, type PlaySession } from '../../src-shared/play';
import { planPath } from '../../src-shared/rules';

/**
 * Play mode's cost: a long fight on the d20 SRD 3.5 sample (moves planned by the engine, turn after
 * turn), then a full replay of its log from the planned layout — what Undo, Replay and opening a saved
 * session pay. Prints `BENCH <name> ours_ms=<median> actions=<n>`.
 */
const file = path.resolve(process.cwd(), 'resources/encounters/goblin-ambush.d20-35.encounter');
const parsed = parseEncounter(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(parsed.error);
const planned = parsed.encounter;

let session: PlaySession = newSession(1);
let state = replay(planned, session);
const act = (a: PlayAction) => {
  const r = perform(planned, session, a, state);
  if (r.ok) {
    session = r.session;
    state = r.state;
  }
  return r.ok;
};
act({ kind: 'initiative', scores: Object.fromEntries(planned.creatures.map((c, i) => [c.id, 20 - i])) });
// Each creature walks a square back and forth every turn for 40 rounds.
for (let round = 0; round < 40; round++) {
  for (let t = 0; t < planned.creatures.length; t++) {
    const c = state.board.creatures.find((k) => k.id === state.current)!;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const to = { x: c.x + dx, y: c.y + dy };
      if (to.x < 0 || to.y < 0 || to.x >= planned.map.width || to.y >= planned.map.height) continue;
      const p = planPath(state.board, c.id, to, moveRequest(state, 'move'));
      if (p.legal && !p.fall && act({ kind: 'move', creature: c.id, action: 'move', path: p.steps.map((s) => ({ x: s.x, y: s.y })) })) break;
    }
    act({ kind: 'next-turn' });
  }
}

const times: number[] = [];
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  replay(planned, session);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`BENCH play-replay ours_ms=${times[3]!.toFixed(3)} actions=${session.log.length}`);
