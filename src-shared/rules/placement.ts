import { RULESETS, Terrain, type Creature, type Encounter, type MovementMode, type TerrainKind } from '../model';
import { rectHasInnerWall } from './engine/grid';
import { hostile, sharesSquares } from './engine/relations';
import { baseUnitSize, basePlan, Going } from './engine/ruleset';
import { footprintSide } from './engine/sizes';
import { supportUnder } from './forced';
import { RULESET_IMPLEMENTATIONS } from './registry';

/** Why a creature may not be put down somewhere, in words, with the rule it comes from. */
export interface PlacementProblem {
  code: 'off-map' | 'no-such-size' | 'blocked' | 'deep-water' | 'wall' | 'occupied' | 'no-room';
  text: string;
}

/**
 * The heading of each text that says where a move may end (cited in the refusal). The rules
 * themselves are the ruleset's own `occupant` and `roomInSquare`, as the movement search uses them.
 */
const ENDING_HEADING: Record<Encounter['ruleset'], string> = {
  'epic-path': 'Squeezing',
  'd20-35': 'Ending Your Movement',
  'd20-30': 'Ending Your Movement',
  '6d6': 'Occupied Squares',
  startroid: 'Moving through occupied squares',
};

/**
 * Whether `creature` may stand with its top-left square at `at`: the map editor's placement and
 * drag ask this. A space is refused where the creature could not end a move (the same reading of
 * the map and of other creatures as the movement search: `Ruleset.going` for every square of its
 * space, no wall through its space, and each occupant's `occupant(...).end` and `roomInSquare`).
 * A creature above the ground (altitude > 0) is read as flying over the squares, so only
 * blocking terrain and obstacles stop it. `ignore` lists creatures that are moving along with it
 * (a group drag) and so are not in the way. Returns null when it may stand there.
 */
export function placementProblem(
  encounter: Encounter,
  creature: Creature,
  at: { x: number; y: number },
  ignore: ReadonlySet<string> = new Set(),
  spaces?: CreatureSpaces,
): PlacementProblem | null {
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const info = RULESETS[encounter.ruleset];
  const map = encounter.map;
  const row = rules.sizes[creature.size];
  if (!row) return { code: 'no-such-size', text: `${info.name} has no ${creature.size} creatures` };
  const side = footprintSide(row, info.squareSize);
  if (at.x < 0 || at.y < 0 || at.x + side > map.width || at.y + side > map.height) {
    return { code: 'off-map', text: `${side > 1 ? `its ${side} × ${side} space` : 'it'} would not fit on the map at ${at.x},${at.y}` };
  }
  const mover: Creature = { ...creature, x: at.x, y: at.y };
  const flying = mover.altitude > 0;
  for (let y = at.y; y < at.y + side; y++) {
    for (let x = at.x; x < at.x + side; x++) {
      const i = y * map.width + x;
      const kind = map.terrain[i] as TerrainKind;
      const deep = kind === Terrain.water && map.waterDepth[i]! >= info.squareSize;
      const mode: MovementMode = flying ? 'fly' : deep && mover.speed.swim ? 'swim' : 'walk';
      if (rules.going(kind, mode, deep, map.blockade[i]!) !== Going.blocked) continue;
      if (deep && mode === 'walk') return { code: 'deep-water', text: `the water at ${x},${y} is too deep to stand in without a swim speed` };
      const what = kind === Terrain.obstacle ? 'an obstacle' : kind === Terrain.blocked ? 'blocked terrain' : 'a blockade';
      return { code: 'blocked', text: `${x},${y} is ${what}` };
    }
  }
  if (side > 1 && rectHasInnerWall(map, at.x, at.y, side, side)) return { code: 'wall', text: `a wall or closed door runs through its space at ${at.x},${at.y}` };

  const plan = basePlan(0, flying ? 'fly' : 'walk', info.speedUnit === 'mr' ? 'mr' : info.speedUnit === 'squares' ? 'squares' : 'ft', baseUnitSize(info));
  const sharing: Creature[] = [];
  const others = spaces && spaces.encounter === encounter ? spaces.within(at.x, at.y, side) : encounter.creatures;
  for (const other of others) {
    if (other.id === mover.id || ignore.has(other.id)) continue;
    const orow = rules.sizes[other.size];
    const os = orow ? footprintSide(orow, info.squareSize) : 1;
    if (!(other.x < at.x + side && at.x < other.x + os && other.y < at.y + side && at.y < other.y + os)) continue;
    // A flyer high above a creature on the ground is not in its space (a square's height apart).
    if (Math.abs(other.altitude - mover.altitude) >= info.squareSize * Math.max(side, os)) continue;
    sharing.push(other);
    const rule = rules.occupant(mover, other, plan);
    if (rule.pass === 'blocked' || rule.end === 'no') {
      const who = other.name || other.id;
      const why = rule.pass === 'blocked' && hostile(mover, other) ? `${who} is an enemy in that space` : `it may not end in ${who}'s space`;
      return { code: 'occupied', text: `${why} (${info.name} › ${ENDING_HEADING[encounter.ruleset]})` };
    }
  }
  if (sharing.length && sharesSquares(rules.sizes, mover, info.squareSize) && !rules.roomInSquare(mover, sharing, encounter)) {
    return { code: 'no-room', text: `there is no room left in ${at.x},${at.y} (${info.name} › ${ENDING_HEADING[encounter.ruleset]})` };
  }
  return null;
}

/**
 * Which creatures stand on each square of an encounter, built once for many placement checks (a
 * drag of 200 creatures asks about each of them among 700: a walk of the whole list for each was
 * most of a drop's work).
 */
export interface CreatureSpaces {
  encounter: Encounter;
  /** The creatures whose space meets this square and its side × side neighbours, in list order. */
  within(x: number, y: number, side: number): Creature[];
}

export function creatureSpaces(encounter: Encounter): CreatureSpaces {
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const info = RULESETS[encounter.ruleset];
  const { width, height } = encounter.map;
  // Square index → positions in the creature list (a creature's space may cover many squares).
  const bySquare = new Map<number, number[]>();
  encounter.creatures.forEach((c, k) => {
    const row = rules.sizes[c.size];
    const os = row ? footprintSide(row, info.squareSize) : 1;
    for (let y = Math.max(0, c.y); y < Math.min(height, c.y + os); y++) {
      for (let x = Math.max(0, c.x); x < Math.min(width, c.x + os); x++) {
        const i = y * width + x;
        const list = bySquare.get(i);
        if (list) list.push(k);
        else bySquare.set(i, [k]);
      }
    }
  });
  return {
    encounter,
    within(x, y, side) {
      const found = new Set<number>();
      for (let yy = y; yy < y + side; yy++) for (let xx = x; xx < x + side; xx++) for (const k of bySquare.get(yy * width + xx) ?? []) found.add(k);
      // The list's order, as a walk of the whole list meets them (the first in the way is named).
      return [...found].sort((a, b) => a - b).map((k) => encounter.creatures[k]!);
    },
  };
}

/**
 * A creature up in the air that cannot stay there: above the ground, no fly speed, and not standing
 * on a bigger creature's back (epic-path.txt › Three Dimensional Movement, the elephant's back, as
 * forced movement reads it). The editor flags it; a move would start with a fall.
 */
export function unsupportedInAir(encounter: Encounter, creature: Creature): boolean {
  if (creature.altitude <= 0 || (creature.speed.fly ?? 0) > 0) return false;
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const info = RULESETS[encounter.ruleset];
  const sideOf = (c: Creature) => footprintSide(rules.sizes[c.size] ?? { space: info.squareSize, reach: 0 }, info.squareSize);
  return supportUnder(encounter, creature, sideOf(creature), sideOf) === null;
}
