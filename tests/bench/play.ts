import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEncounter } from '../../src-shared/io';
import { moveRequest, newSession, perform, replay, type PlayAction, type PlaySession } from '../../src-shared/play';
import { planPath } from '../../src-shared/rules';

/**
 * Play mode's cost: a long fight on the d20 SRD 3.5 sample (moves planned by the engine, turn after
 * turn), then a full replay of its log from the planned layout — what Undo, Replay and opening a saved
 * session pay. Prints `BENCH play-replay ours_ms=<median> actions=<n>`, and `BENCH play-replay-2000`
 * (issue 17 › 10): the same mix of actions, 2,000 of them, on the same map, beside play-replay as
 * its yardstick (goal ≤ 50 ms; `per_action_ratio` is its time per action over play-replay's).
 */
const file = path.resolve(process.cwd(), 'resources/encounters/goblin-ambush.d20-35.encounter');
const parsed = parseEncounter(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(parsed.error);
const planned = parsed.encounter;

/** Each creature walks a square back and forth every turn (a move and a next turn), for `rounds` rounds. */
function fight(rounds: number, until = Infinity): PlaySession {
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
  for (let round = 0; round < rounds && session.log.length < until; round++) {
    for (let t = 0; t < planned.creatures.length && session.log.length < until; t++) {
      const c = state.board.creatures.find((k) => k.id === state.current)!;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const to = { x: c.x + dx, y: c.y + dy };
        if (to.x < 0 || to.y < 0 || to.x >= planned.map.width || to.y >= planned.map.height) continue;
        const p = planPath(state.board, c.id, to, moveRequest(state, 'move'));
        if (p.legal && !p.fall && act({ kind: 'move', creature: c.id, action: 'move', path: p.steps.map((s) => ({ x: s.x, y: s.y })) })) break;
      }
      if (session.log.length < until) act({ kind: 'next-turn' });
    }
  }
  return session;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Median wall and CPU time of 7 full replays (the CPU time is less at the mercy of a loaded machine). */
function replayMs(session: PlaySession): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 7; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    replay(planned, session);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const today = fight(40);
const long = fight(Infinity, 2000);
if (long.log.length !== 2000) throw new Error(`play-replay-2000: the fight made ${long.log.length} actions, not 2000`);
// Both compiled and warm before either is timed, so the first timed is not the one paying for the JIT.
for (let i = 0; i < 3; i++) (replay(planned, today), replay(planned, long));
const todayMs = replayMs(today);
console.log(`BENCH play-replay ours_ms=${todayMs.wall.toFixed(3)} actions=${today.log.length}`);
const longMs = replayMs(long);
const ratio = longMs.wall / long.log.length / (todayMs.wall / today.log.length);
console.log(
  `BENCH play-replay-2000 ours_ms=${longMs.wall.toFixed(3)} actions=${long.log.length} yardstick=play-replay:${todayMs.wall.toFixed(3)} per_action_ratio=${ratio.toFixed(2)} goal_ms=50 cpu_ms=${longMs.cpu.toFixed(3)} yardstick_cpu_ms=${todayMs.cpu.toFixed(3)} pending=${replay(planned, long).pending.length}`,
);
