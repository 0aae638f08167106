import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { encounterJsonSchema, MAX_FILE_BYTES, readEncounterText } from '../../src-shared/io';
import { isRulesetId, isSizeCategory, MOVEMENT_MODES, RULESET_IDS, type Encounter, type MovementMode } from '../../src-shared/model';
import {
  ACTIONS,
  checkFlightPath,
  checkPath,
  collisionDice,
  damageOf,
  DiceError,
  fallDamage,
  fallingObject,
  forcedMovement,
  MoveRefused,
  planFlightPath,
  planPath,
  reachableSquares,
  rollDamage,
  seededRandom,
  stall,
  SURFACES,
  teleport,
  type FallAnswer,
  type ForcedKind,
  type MoveAction,
  type MoveRequest,
  type PathAnswer,
  type Reach,
  type SurfaceName,
} from '../../src-shared/rules';
import { PLAY_HELP, PlayCliError, playCommand } from './play';
import { CliInputError, exportCommand, importCommand, infoCommand } from './export';
import { TRAVEL_HELP, TravelCliError, travelCommand } from './travel';
import { optionProblem, rulesetOptionProblem } from './applies';
import { isPictureFile, pictureImportCommand } from './picture';

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
        the cheapest path to X,Y (the creature's top-left square), its cost and the attacks it provokes;
        --to X,Y,Z plans a flight to the cube at altitude Z, checked against the flyer's maneuverability
  check <file> --creature <id> --path "X,Y X,Y ..." [--action A] [--mode M] [--json]
        a drawn path: the cost of each step and where and why it becomes illegal; a path of cubes
        "X,Y,Z ..." (Z: altitude) is a flight path, judged by the flyer's maneuverability
  fall --ruleset R --height N [--surface jagged|stone|normal|soft|yielding] [--water-depth N]
       [--deliberate] [--acrobatics] [--mass KG] [--gravity G] [--seed N] [--json]
        falling damage as dice (lethal and nonlethal), min, max, mean, and whether it lands prone;
        --seed rolls it replayably
  push|pull|slide|shift <file> --creature <id> --by <id> --squares N [--to X,Y]... [--drop-prone]
       [--three-dimensional] [--json]
        forced movement: where it ends, how far it moved, why it stopped, and any fall; Startroid
        stops it at a ledge unless the effect says otherwise (--three-dimensional)
  stall --altitude N [--saves fail,fail,pass] [--json]
        d20 3.0 stalled flyer: 150 ft, then 300 ft a round until a DC 20 Reflex save succeeds
  teleport <file> --creature <id> --to X,Y [--range N] [--json]
        Startroid teleport: line of sight and a space it can occupy without squeezing
  collision --speed N [--cautious] [--json]      Epic Path collision damage
  falling-object --size S --height N [--json]    Epic Path falling object damage
${PLAY_HELP}
${TRAVEL_HELP}
  validate <file>        check a file; prints its summary
  info <file> [--json]   name, ruleset, size, creatures by side, terrain, walls and doors
  export <file> --to foundry|foundry-v12|uvtt|tiled|png -o <out> [--pixels N] [--grid|--no-grid] [--no-creatures]
       [--style rules|map] [--no-picture] [--burn-in] [--gm-notes] [--labels] [--force]
        write the encounter for another tool (images and tilesets beside the main file; docs/formats.md);
        -o names its file, any other file already there is replaced only with --force;
        --style map draws the map image in the player-facing map style (docs/map-style.md)
  import <file> -o <out.encounter> [--ruleset R]
        a Universal VTT map (.dd2vtt, .uvtt) or a text scenario as an encounter file
  import <map.jpg|.png|.webp> -o <out.encounter> [--ruleset R] [--pixels-per-square N [--offset X,Y]]
        a new map from a battle-map picture, kept byte for byte; its grid is detected unless given
        by hand (offset: the picture pixel on the map's top-left corner); no grid found: exit 2
  import <map.jpg|.png|.webp> --detect-grid [--json] [-o <out.encounter>]
        the picture's grid: {"grid": {"pixelsPerSquare", "offsetX", "offsetY"}, "confidence",
        "squares": {"width", "height"}} or {"grid": null, "reason"}; docs/grid-detection.md
  schema                 print the JSON Schema of encounter files

Options:
  --action   move | double | run | step | withdraw | crawl | full-round | charge   (default move);
             d20 charge: double speed in a straight line, not across difficult terrain nor through
             friends; with --mode fly a d20 3.5 dive attack (30 ft at least, 10 ft down at least)
  --mode     walk | fly | swim | climb | burrow (default: walk; Epic Path combines all modes)
  --parity   0 | 1   d20: diagonals counted earlier this turn were odd (the next costs 2)
  --dice     6d6 run dice (default 1d6+0)      --score N   6d6 fixed action score
  --resist N|DICE  6d6 proximity resistance of every hindering occupant, a score or dice (1d6+1),
             instead of each creature's own (default 1d6+0); planned at its least score (minimum 1),
             dice give p
  --encumbrance N   6d6 encumbrance roll added to the first square
  --phasing  Startroid: the creature phases through terrain and creatures
  --accelerated        d20 3.5 accelerated climb (--mode climb): double climb speed, at most land speed
  --overrun pass|fail  d20, Epic Path: the outcome of an overrun (pass: through opponents' squares, not
                       ending there; Epic Path: a walk, past foes at most one size larger, each provoking)
  --tumble pass|fail   d20: the outcome of a tumble (the SRD's Tumble skill, read from outside the texts):
                       half speed; pass: through opponents' squares, no attacks of opportunity; not with
                       --overrun, nor for a 5-foot step, run or charge
  --hidden             6d6: the mover stays hidden (2d6+0 more resistance; p is the chance it still moves)
  --knows-hidden       6d6: plan with the hidden movement resistance known (check always pays it)
  An option that does not apply to the command, action or ruleset is refused (exit 2).
`;

type Options = Map<string, string[]>;

/** Options that take no value. */
const FLAGS = new Set(['json', 'help', 'deliberate', 'acrobatics', 'cautious', 'drop-prone', 'phasing', 'three-dimensional', 'accelerated', 'hidden', 'knows-hidden', 'grid', 'no-grid', 'no-creatures', 'force', 'no-picture', 'burn-in', 'gm-notes', 'labels', 'detect-grid']);

function parseArgs(args: string[]): { positional: string[]; options: Options } {
  const positional: string[] = [];
  const options: Options = new Map();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] === '-o' ? '--out' : args[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const key = eq > 0 ? a.slice(2, eq) : a.slice(2);
      let value = eq > 0 ? a.slice(eq + 1) : '';
      if (eq < 0 && !FLAGS.has(key)) {
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
    // The size first: a file over the limit is refused without reading it into memory.
    const stat = statSync(file);
    if (!stat.isFile()) throw new UsageError(`${file} is not a file`);
    if (stat.size > MAX_FILE_BYTES) {
      throw new UsageError(`${path.basename(file)} is ${(stat.size / 1048576).toFixed(1)} MiB, over the ${MAX_FILE_BYTES / 1048576} MiB limit for an encounter file or scenario`);
    }
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
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
  // 6d6.txt › Occupied Squares: a proximity resistance action's score, or its dice (1d6+1) for the odds.
  const resist = one(o, 'resist');
  if (resist !== undefined) {
    if (/^\d+$/.test(resist)) req.resist = Number(resist);
    else if (/^\d*[dD]\d+([+-]\d+)?$/.test(resist)) req.resist = resist;
    else throw new UsageError(`--resist "${resist}" is not a score (3) or dice (1d6+1)`);
  }
  const enc = integer(one(o, 'encumbrance'), '--encumbrance');
  if (enc !== undefined) req.encumbrance = enc;
  if (o.has('phasing')) req.phasing = true;
  if (o.has('accelerated')) req.accelerated = true;
  if (o.has('hidden')) req.hidden = true;
  if (o.has('knows-hidden')) req.knowsHidden = true;
  for (const key of ['overrun', 'tumble'] as const) {
    const outcome = one(o, key);
    if (outcome === undefined) continue;
    if (outcome !== 'pass' && outcome !== 'fail') throw new UsageError(`--${key} takes the check's outcome: pass or fail`);
    req[key] = outcome;
  }
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

function number(o: Options, key: string, required = false): number | undefined {
  const v = one(o, key);
  if (v === undefined) {
    if (required) throw new UsageError(`--${key} <number> is required`);
    return undefined;
  }
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${key} "${v}" is not a number`);
  return n;
}

function fallJson(f: FallAnswer) {
  return {
    dice: f.dice.map((d) => ({ count: d.count, sides: d.sides, perDie: d.perDie, kind: d.kind })),
    min: f.gmDecides ? null : f.min,
    max: f.gmDecides ? null : f.max,
    mean: f.gmDecides ? null : f.mean,
    prone: f.prone,
    lethal: f.lethal,
    nonlethal: f.nonlethal,
    distribution: f.distribution,
    gmDecides: f.gmDecides,
    notes: f.notes,
  };
}

function printDamage(f: { dice: FallAnswer['dice']; min: number; max: number; mean: number }, notes: string[] = []): string {
  const dice = f.dice.map((d) => `${d.count}d${d.sides}${d.perDie > 0 ? `+${d.perDie}` : d.perDie < 0 ? d.perDie : ''}${d.perDie ? ' per die' : ''} ${d.kind}`).join(' + ');
  return [`${dice || 'no damage'}  (min ${f.min}, mean ${f.mean}, max ${f.max})`, ...notes.map((n) => `Note: ${n}`)].join('\n') + '\n';
}

function pathJson(p: PathAnswer) {
  return { legal: p.legal, reason: p.reason, total: p.total, steps: p.steps, provokes: p.provokes, breaksAt: p.breaksAt, stopsAt: p.stopsAt, ...(p.fall ? { fall: p.fall } : {}) };
}

/** The answer to print; a Promise for the commands that write files (export, import, play --save). */
export function main(argv: string[]): string | Promise<string> {
  const [command, ...rest] = argv;
  const { positional, options } = parseArgs(rest);
  const json = options.has('json');
  const misplaced = optionProblem(command, options);
  if (misplaced) throw new UsageError(misplaced);
  const file = () => {
    if (!positional[0]) throw new UsageError(`${command} needs a file`);
    const encounter = loadEncounter(positional[0]);
    const wrongRuleset = rulesetOptionProblem(options, encounter.ruleset);
    if (wrongRuleset) throw new UsageError(wrongRuleset);
    return encounter;
  };
  switch (command) {
    case 'schema':
      return JSON.stringify(encounterJsonSchema(), null, 2) + '\n';
    case 'validate': {
      const e = file();
      return JSON.stringify({ name: e.name, ruleset: e.ruleset, width: e.map.width, height: e.map.height, creatures: e.creatures.length }) + '\n';
    }
    case 'info':
      if (!positional[0]) throw new UsageError('info needs a file');
      return infoCommand(positional[0], json);
    case 'export':
      if (!positional[0]) throw new UsageError('export needs a file');
      return exportCommand(positional[0], options);
    case 'import':
      if (!positional[0]) throw new UsageError('import needs a file');
      return importCommand(positional[0], options);
    case 'reach': {
      const e = file();
      const reach = reachableSquares(e, creatureOf(options), request(options));
      if (!json) return printReach(e, reach);
      return (
        JSON.stringify({
          unit: reach.unit,
          squares: reach.squares.map((s) => ({
            x: s.x,
            y: s.y,
            ...(s.z !== undefined ? { z: s.z } : {}),
            cost: s.cost,
            end: s.end,
            ...(s.p !== undefined ? { p: s.p } : {}),
            ...(s.fall !== undefined ? { fall: s.fall } : {}),
            ...(s.stall ? { stall: true } : {}),
            ...(s.squeezed ? { squeezed: true, band: s.band } : {}),
          })),
        }) + '\n'
      );
    }
    case 'path': {
      const e = file();
      const to = one(options, 'to');
      if (!to) throw new UsageError('--to X,Y is required');
      const via = (options.get('via') ?? []).map((v) => square(v, '--via'));
      // A flight path to a cube: --to X,Y,Z (Z the altitude) or --mode fly with --to X,Y and --z.
      const parts = to.split(',');
      const req = request(options);
      if (parts.length === 3 || (req.mode === 'fly' && options.has('z'))) {
        if (via.length) throw new UsageError('a flight path takes no --via squares');
        const target = parts.length === 3 ? { x: Number(parts[0]), y: Number(parts[1]), z: Number(parts[2]) } : { ...square(to, '--to'), z: number(options, 'z', true)! };
        if (![target.x, target.y, target.z].every(Number.isFinite)) throw new UsageError(`--to "${to}" is not a cube; write X,Y,Z`);
        const flight = planFlightPath(e, creatureOf(options), target, req);
        if (json) return JSON.stringify(flight) + '\n';
        return (flight.legal ? `Legal: ${flight.total}` : `Not legal: ${flight.reason}`) + '\n' + flight.steps.map((s) => `  ${s.x},${s.y} at ${s.z}  +${s.cost}`).join('\n') + '\n';
      }
      const answer = planPath(e, creatureOf(options), square(to, '--to'), req, via);
      return json ? JSON.stringify(pathJson(answer)) + '\n' : printPath(answer);
    }
    case 'check': {
      const e = file();
      const path = one(options, 'path');
      if (!path) throw new UsageError('--path "X,Y X,Y ..." is required');
      const tokens = path.split(/[\s;]+/).filter(Boolean);
      if (tokens.length && tokens.every((t) => t.split(',').length === 3)) {
        // A flight path of cubes: X,Y,Z with Z the altitude above the ground.
        const cubes = tokens.map((t) => {
          const [x, y, z] = t.split(',').map(Number) as [number, number, number];
          if (![x, y, z].every(Number.isFinite)) throw new UsageError(`--path "${t}" is not a cube; write X,Y,Z`);
          return { x, y, z };
        });
        const flight = checkFlightPath(e, creatureOf(options), cubes, request(options));
        if (json) return JSON.stringify(flight) + '\n';
        return (flight.legal ? `Legal: ${flight.total}` : `Not legal: ${flight.reason}`) + '\n' + flight.steps.map((s) => `  ${s.x},${s.y} at ${s.z}  +${s.cost}`).join('\n') + '\n';
      }
      const squares = tokens.map((p) => square(p, '--path'));
      const answer = checkPath(e, creatureOf(options), squares, request(options));
      return json ? JSON.stringify(pathJson(answer)) + '\n' : printPath(answer);
    }
    case 'fall': {
      const ruleset = one(options, 'ruleset');
      if (!ruleset || !isRulesetId(ruleset)) throw new UsageError(`--ruleset is one of ${RULESET_IDS.join(', ')}`);
      const height = number(options, 'height', true)!;
      if (height < 0) throw new UsageError('--height cannot be negative');
      const surface = one(options, 'surface');
      if (surface !== undefined && !(SURFACES as readonly string[]).includes(surface)) throw new UsageError(`--surface ${surface}: use ${SURFACES.join(', ')}`);
      const mass = number(options, 'mass');
      if (mass !== undefined && mass <= 0) throw new UsageError('--mass is more than 0 kg');
      const gravity = number(options, 'gravity');
      if (gravity !== undefined && gravity < 0) throw new UsageError('--gravity cannot be negative');
      const answer = fallDamage(ruleset, {
        height,
        surface: surface as SurfaceName | undefined,
        waterDepth: number(options, 'water-depth') ?? 0,
        deliberate: options.has('deliberate'),
        acrobatics: options.has('acrobatics'),
        mass,
        gravity,
      });
      // --seed N rolls the dice with a seeded source: the same seed, the same roll.
      const seed = integer(one(options, 'seed'), '--seed');
      const rolled = seed === undefined ? undefined : rollDamage(answer, seededRandom(seed));
      if (json) return JSON.stringify({ ...fallJson(answer), ...(rolled ? { rolled } : {}) }) + '\n';
      if (answer.gmDecides) return answer.notes.join('\n') + '\n';
      return printDamage(answer, [`prone: ${answer.prone}`, ...(rolled ? [`rolled ${rolled.rolls.join(', ')}: ${rolled.lethal} lethal, ${rolled.nonlethal} nonlethal`] : []), ...answer.notes]);
    }
    case 'push':
    case 'pull':
    case 'slide':
    case 'shift': {
      const e = file();
      const by = one(options, 'by');
      if (!by) throw new UsageError('--by <attackerId> is required');
      const squares = integer(one(options, 'squares'), '--squares');
      if (squares === undefined) throw new UsageError('--squares N is required');
      const to = (options.get('to') ?? []).map((v) => square(v, '--to'));
      const answer = forcedMovement(e, { kind: command as ForcedKind, target: creatureOf(options), by, squares, to, dropProne: options.has('drop-prone'), threeDimensional: options.has('three-dimensional') });
      const out = {
        x: answer.x,
        y: answer.y,
        z: answer.z,
        moved: answer.moved,
        stopped: answer.stopped,
        fall: answer.fall ? { ...fallJson(answer.fall), height: answer.fall.height } : null,
        path: answer.path,
      };
      if (json) return JSON.stringify(out) + '\n';
      return `${command}: ${answer.moved} square(s) to ${answer.x},${answer.y}${answer.z ? ` at ${answer.z} up` : ''}${answer.stopped ? `; ${answer.stopped.text}` : ''}\n${answer.fall ? printDamage(answer.fall, answer.fall.notes) : ''}`;
    }
    case 'stall': {
      const altitude = number(options, 'altitude', true)!;
      const saves = (one(options, 'saves') ?? '')
        .split(',')
        .filter(Boolean)
        .map((s) => {
          if (s !== 'pass' && s !== 'fail') throw new UsageError(`--saves takes pass or fail, not "${s}"`);
          return s === 'pass';
        });
      const answer = stall(altitude, saves);
      if (json) return JSON.stringify({ rounds: answer.rounds, landed: answer.landed, fall: answer.fall ? fallJson(answer.fall) : null }) + '\n';
      return answer.rounds.map((r) => `round ${r.round}: ${r.recovered ? 'recovers' : `falls ${r.fell} ft`}, ${r.altitude} ft up`).join('\n') + '\n' + (answer.fall ? printDamage(answer.fall) : '');
    }
    case 'teleport': {
      const e = file();
      const to = one(options, 'to');
      if (!to) throw new UsageError('--to X,Y is required');
      const range = integer(one(options, 'range'), '--range');
      const answer = teleport(e, creatureOf(options), square(to, '--to'), range);
      return json ? JSON.stringify(answer) + '\n' : (answer.legal ? 'Legal\n' : `Not legal: ${answer.reason}\n`);
    }
    case 'collision': {
      const speed = number(options, 'speed', true)!;
      const damage = damageOf([{ count: collisionDice(speed, options.has('cautious')), sides: 6, perDie: 0, kind: 'lethal' }]);
      const out = { dice: damage.dice, min: damage.min, max: damage.max, mean: damage.mean };
      return json ? JSON.stringify(out) + '\n' : printDamage(damage, options.has('cautious') ? ['Cautious movement takes no collision damage (epic-path.txt › Collisions).'] : []);
    }
    case 'falling-object': {
      const size = one(options, 'size') ?? '';
      if (!isSizeCategory(size)) throw new UsageError(`--size ${size} is not a size category`);
      const height = number(options, 'height', true)!;
      const object = fallingObject(size, height);
      if (!object) throw new UsageError(`epic-path.txt › Falling Objects has no row for ${size} objects`);
      const whole = Math.floor(object.dice);
      const damage = damageOf([{ count: whole, sides: 6, perDie: 0, kind: 'lethal' }]);
      const out = { dice: damage.dice, min: damage.min, max: damage.max, mean: damage.mean, note: object.note + (object.dice % 1 ? ' (half of 1d6 rounds down)' : '') };
      return json ? JSON.stringify(out) + '\n' : printDamage(damage, [out.note].filter(Boolean));
    }
    case 'travel':
      try {
        return travelCommand((key) => one(options, key), json);
      } catch (e) {
        if (e instanceof TravelCliError) throw new UsageError(e.message);
        throw e;
      }
    case 'play':
      try {
        const answer = playCommand(file(), { get: (key) => one(options, key), has: (key) => options.has(key) });
        return typeof answer === 'string' ? answer : answer.catch((e: unknown) => Promise.reject(e instanceof PlayCliError ? new UsageError(e.message) : e));
      } catch (e) {
        if (e instanceof PlayCliError) throw new UsageError(e.message);
        throw e;
      }
    case undefined:
    case 'help':
    case '--help':
      return HELP;
    default:
      throw new UsageError(`unknown command "${command}"; try "encounter help"`);
  }
}

/**
 * Runs the command, returning the exit code (a Promise of it for the commands that write files or
 * decode a picture); output goes to the given writers.
 */
export function run(argv: string[], out: (s: string) => void, err: (s: string) => void): number | Promise<number> {
  try {
    const picture = argv[0] === 'import' ? pictureImport(argv) : null;
    if (picture) {
      return picture.then(
        (done) => {
          out(done.out);
          err(done.err);
          return done.code;
        },
        (e: unknown) => failed(e, err),
      );
    }
    const answer = main(argv);
    if (typeof answer !== 'string') {
      return answer.then(
        (text) => (out(text), 0),
        (e: unknown) => failed(e, err),
      );
    }
    out(answer);
    return 0;
  } catch (e) {
    return failed(e, err);
  }
}

function failed(e: unknown, err: (s: string) => void): number {
  if (e instanceof UsageError || e instanceof CliInputError || e instanceof MoveRefused || e instanceof DiceError) {
    err(`encounter: ${e.message.replace(/\s*\n\s*/g, ' ')}\n`);
    return 2;
  }
  err(`encounter: internal error: ${(e as Error)?.message ?? String(e)}\n`);
  return 1;
}

/** `import` of a PNG, JPEG or WebP picture (told by its first bytes), or null for any other import. */
function pictureImport(argv: string[]): Promise<{ out: string; err: string; code: number }> | null {
  const { positional, options } = parseArgs(argv.slice(1));
  const file = positional[0];
  if (file && isPictureFile(file)) return pictureImportCommand(file, options);
  for (const key of ['detect-grid', 'pixels-per-square', 'offset']) {
    if (options.has(key)) throw new UsageError(`--${key} applies to importing a picture (PNG, JPEG or WebP)${file ? `; ${file} is not one` : ''}`);
  }
  return null;
}
