import { readFileSync } from 'node:fs';
import { encounterJsonSchema, readEncounterText } from '../../src-shared/io';
import { MOVEMENT_MODES, type Encounter, type MovementMode } from '../../src-shared/model';
import { ACTIONS, checkPath, DiceError, MoveRefused, planPath, reachableSquares, type MoveAction, type MoveRequest, type PathAnswer, type Reach } from '../../src-shared/rules';

/**
 * `encounter` — the rules engine from the command line. Answers JSON on stdout with --json; bad
 * input exits with code 2 and one line on stderr naming the problem.
 */
class UsageError extends Error {}

const HELP = `encounter <command> <file> [options]

  <file> is an encounter file (JSON) or a text scenario (.txt; see docs/scenarios.md).

Commands:
  reach <file> --creature <id> [--action A] [--mode M] [--dice 1d6+1 | --score N] [--json]
        every square the creature can reach: cost, whether it may end there, p for dice movement
  path <file> --creature <id> --to X,Y [--via X,Y]... [--action A] [--mode M] [--json]
        the cheapest path to X,Y (the creature's top-left square), its cost and the attacks it provokes
  check <file> --creature <id> --path "X,Y X,Y ..." [--action A] [--mode M] [--json]
        a drawn path: the cost of each step and where and why it becomes illegal
  validate <file>        check a file; prints its summary
  schema                 print the JSON Schema of encounter files

Options:
  --action   move | double | run | step | withdraw | crawl | full-round   (default move)
  --mode     walk | fly | swim | climb | burrow (default: walk; Epic Path combines all modes)
  --parity   0 | 1   d20: diagonals counted earlier this turn were odd (the next costs 2)
  --dice     6d6 run dice (default 1d6+0)      --score N   6d6 fixed action score
  --resist N 6d6 resistance roll of hindering occupants (minimum 1)
  --encumbrance N   6d6 encumbrance roll added to the first square
`;

type Options = Map<string, string[]>;

function parseArgs(args: string[]): { positional: string[]; options: Options } {
  const positional: string[] = [];
  const options: Options = new Map();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const key = eq > 0 ? a.slice(2, eq) : a.slice(2);
      let value = eq > 0 ? a.slice(eq + 1) : '';
      if (eq < 0 && key !== 'json' && key !== 'help') {
        if (i + 1 >= args.length) throw new UsageError(`--${key} needs a value`);
        value = args[++i]!;
      }
      options.set(key, [...(options.get(key) ?? []), value]);
    } else positional.push(a);
  }
  return { positional, options };
}

const one = (o: Options, key: string): string | undefined => o.get(key)?.at(-1);

function square(text: string, what: string): { x: number; y: number } {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`${what} "${text}" is not a square; write X,Y`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

function integer(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new UsageError(`${what} "${text}" is not a whole number`);
  return Number(text);
}

export function loadEncounter(file: string): Encounter {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const read = readEncounterText(text, file);
  if (!read.ok) throw new UsageError(`${file}: ${read.error}`);
  return read.encounter;
}

function request(o: Options): MoveRequest {
  const action = (one(o, 'action') ?? 'move') as MoveAction;
  if (!(ACTIONS as readonly string[]).includes(action)) throw new UsageError(`--action ${action}: use ${ACTIONS.join(', ')}`);
  const mode = one(o, 'mode') as MovementMode | undefined;
  if (mode !== undefined && !(MOVEMENT_MODES as readonly string[]).includes(mode)) throw new UsageError(`--mode ${mode}: use ${MOVEMENT_MODES.join(', ')}`);
  const parity = integer(one(o, 'parity'), '--parity');
  if (parity !== undefined && parity !== 0 && parity !== 1) throw new UsageError('--parity is 0 or 1');
  const score = integer(one(o, 'score'), '--score');
  if (score !== undefined && score < 1) throw new UsageError('--score is at least 1');
  const req: MoveRequest = { action };
  if (mode) req.mode = mode;
  if (parity !== undefined) req.parity = parity as 0 | 1;
  if (score !== undefined) req.score = score;
  const dice = one(o, 'dice');
  if (dice !== undefined) req.dice = dice;
  const resist = integer(one(o, 'resist'), '--resist');
  if (resist !== undefined) req.resist = resist;
  const enc = integer(one(o, 'encumbrance'), '--encumbrance');
  if (enc !== undefined) req.encumbrance = enc;
  return req;
}

function creatureOf(o: Options): string {
  const id = one(o, 'creature');
  if (!id) throw new UsageError('--creature <id> is required');
  return id;
}

function printReach(encounter: Encounter, reach: Reach): string {
  const byKey = new Map(reach.squares.map((s) => [`${s.x},${s.y}`, s]));
  const width = Math.max(3, ...reach.squares.map((s) => String(s.cost).length + 1));
  const lines = [`Reach (${reach.unit}; budget ${reach.budget}); "*" may pass but not end:`];
  for (let y = 0; y < encounter.map.height; y++) {
    let row = '';
    for (let x = 0; x < encounter.map.width; x++) {
      const s = byKey.get(`${x},${y}`);
      row += (s ? `${s.cost}${s.end ? '' : '*'}` : '·').padStart(width);
    }
    lines.push(row);
  }
  for (const n of reach.notes) lines.push(`Note: ${n}`);
  return lines.join('\n') + '\n';
}

function printPath(p: PathAnswer): string {
  const lines = [p.legal ? `Legal: ${p.total} ${p.unit}` : `Not legal: ${p.reason}`];
  for (const s of p.steps) lines.push(`  ${s.x},${s.y}  +${s.cost}`);
  for (const a of p.provokes) lines.push(`  provokes ${a.by} at ${a.x},${a.y}`);
  if (p.stopsAt) lines.push(`  by the last-legal-square rule it stops at ${p.stopsAt.x},${p.stopsAt.y}`);
  return lines.join('\n') + '\n';
}

function pathJson(p: PathAnswer) {
  return { legal: p.legal, reason: p.reason, total: p.total, steps: p.steps, provokes: p.provokes, breaksAt: p.breaksAt, stopsAt: p.stopsAt };
}

export function main(argv: string[]): string {
  const [command, ...rest] = argv;
  const { positional, options } = parseArgs(rest);
  const json = options.has('json');
  const file = () => {
    if (!positional[0]) throw new UsageError(`${command} needs a file`);
    return loadEncounter(positional[0]);
  };
  switch (command) {
    case 'schema':
      return JSON.stringify(encounterJsonSchema(), null, 2) + '\n';
    case 'validate': {
      const e = file();
      return JSON.stringify({ name: e.name, ruleset: e.ruleset, width: e.map.width, height: e.map.height, creatures: e.creatures.length }) + '\n';
    }
    case 'reach': {
      const e = file();
      const reach = reachableSquares(e, creatureOf(options), request(options));
      if (!json) return printReach(e, reach);
      return JSON.stringify({ unit: reach.unit, squares: reach.squares.map((s) => ({ x: s.x, y: s.y, cost: s.cost, end: s.end, ...(s.p !== undefined ? { p: s.p } : {}) })) }) + '\n';
    }
    case 'path': {
      const e = file();
      const to = one(options, 'to');
      if (!to) throw new UsageError('--to X,Y is required');
      const via = (options.get('via') ?? []).map((v) => square(v, '--via'));
      const answer = planPath(e, creatureOf(options), square(to, '--to'), request(options), via);
      return json ? JSON.stringify(pathJson(answer)) + '\n' : printPath(answer);
    }
    case 'check': {
      const e = file();
      const path = one(options, 'path');
      if (!path) throw new UsageError('--path "X,Y X,Y ..." is required');
      const squares = path.split(/[\s;]+/).filter(Boolean).map((p) => square(p, '--path'));
      const answer = checkPath(e, creatureOf(options), squares, request(options));
      return json ? JSON.stringify(pathJson(answer)) + '\n' : printPath(answer);
    }
    case undefined:
    case 'help':
    case '--help':
      return HELP;
    default:
      throw new UsageError(`unknown command "${command}"; try "encounter help"`);
  }
}

/** Runs the command, returning the exit code; output goes to the given writers. */
export function run(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  try {
    out(main(argv));
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof MoveRefused || e instanceof DiceError) {
      err(`encounter: ${e.message.replace(/\s*\n\s*/g, ' ')}\n`);
      return 2;
    }
    err(`encounter: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    return 1;
  }
}
