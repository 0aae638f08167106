import { Terrain, type Encounter, type Side } from '../../model';
import { encounterToFile } from '../encounter-file';
import { mapSegments, placements, unitsOf, type Segment } from './geometry';

/**
 * A Foundry VTT scene for "Import Data" on a scene (v13 data model; `v12` leaves out what v12
 * refuses). Facts honoured, from Foundry's own data model (common/documents/scene.mjs, wall.mjs,
 * token.mjs, region.mjs) and its users' reports:
 * - `padding: 0`: the default 0.25 adds a border and shifts every coordinate;
 * - `grid.type` 1 is square; `grid.size` pixels per square (an integer, at least 20);
 * - walls `c` are pixel coordinates; senses use CONST.WALL_SENSE_TYPES (0 none, 10 limited,
 *   20 normal, 30 proximity, 40 distance), `move` CONST.WALL_MOVEMENT_TYPES (0 none, 20 normal),
 *   `door` CONST.WALL_DOOR_TYPES (0 none, 1 door, 2 secret), `ds` CONST.WALL_DOOR_STATES
 *   (0 closed, 1 open, 2 locked);
 * - tokens: x, y in pixels, width and height in grid squares, `disposition` CONST.TOKEN_DISPOSITIONS
 *   (-1 hostile, 0 neutral, 1 friendly);
 * - Regions with a `modifyMovementCost` behaviour exist from v13; v12 rejects the whole scene when
 *   one is present;
 * - no `_id`s: Foundry makes its own on import; fields left at Foundry's defaults are not written
 *   (`initial` is a schema of required numbers there, so a `null` would be refused).
 */
export const FOUNDRY_GRID_SIZE = 100;
export const FLAG_SCOPE = 'encounter-builder';

export const WALL_SENSE = { none: 0, limited: 10, normal: 20, proximity: 30, distance: 40 } as const;
export const WALL_MOVE = { none: 0, normal: 20 } as const;
export const WALL_DOOR = { none: 0, door: 1, secret: 2 } as const;
export const DOOR_STATE = { closed: 0, open: 1, locked: 2 } as const;
const DISPOSITION: Record<Side, number> = { party: 1, enemy: -1, neutral: 0 };

export interface FoundryOptions {
  /** Leave out what Foundry v12 cannot read (Regions with movement costs). */
  v12: boolean;
  /** The map image's path as Foundry should load it (the file written beside the JSON). */
  imagePath: string;
}

function wallOf(seg: Segment, S: number): Record<string, unknown> {
  const c = [seg.x0 * S, seg.y0 * S, seg.x1 * S, seg.y1 * S];
  // A low obstacle stops movement but not sight, light or sound (d20-srd-35.txt › Obstacles: "hampers movement").
  const senses = seg.kind === 'low' ? WALL_SENSE.none : WALL_SENSE.normal;
  const door = seg.kind === 'door-closed' || seg.kind === 'door-open' ? WALL_DOOR.door : WALL_DOOR.none;
  return {
    c,
    move: WALL_MOVE.normal,
    sight: senses,
    light: senses,
    sound: senses,
    dir: 0,
    door,
    ds: seg.kind === 'door-open' ? DOOR_STATE.open : DOOR_STATE.closed,
    threshold: { light: null, sight: null, sound: null, attenuation: false },
    flags: { [FLAG_SCOPE]: { kind: seg.kind, ...(seg.outline ? { outline: true } : {}) } },
  };
}

/**
 * Squares of one terrain kind as few rectangles: runs along each row, merged with the identical
 * run in the row above.
 */
export function terrainRectangles(encounter: Encounter, kind: number): { x: number; y: number; w: number; h: number }[] {
  const map = encounter.map;
  const open = new Map<string, { x: number; y: number; w: number; h: number }>();
  const done: { x: number; y: number; w: number; h: number }[] = [];
  for (let y = 0; y < map.height; y++) {
    const seen = new Set<string>();
    let x = 0;
    while (x < map.width) {
      if (map.terrain[y * map.width + x] !== kind) {
        x++;
        continue;
      }
      let e = x;
      while (e < map.width && map.terrain[y * map.width + e] === kind) e++;
      const key = `${x}:${e}`;
      const above = open.get(key);
      if (above && above.y + above.h === y) above.h++;
      else {
        if (above) done.push(above);
        open.set(key, { x, y, w: e - x, h: 1 });
      }
      seen.add(key);
      x = e;
    }
    for (const [key, r] of open) {
      if (!seen.has(key)) {
        done.push(r);
        open.delete(key);
      }
    }
  }
  done.push(...open.values());
  return done.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Movement cost multipliers Foundry's modifyMovementCost behaviour takes, per movement action. */
const REGION_TERRAIN = [
  // d20-srd-35.txt › Difficult Terrain: each square counts as two.
  { kind: Terrain.difficult, name: 'Difficult terrain', color: '#b89c62', cost: 2 },
  // epic-path.txt › Impeded Terrain: a full-round action per 5 feet, about four squares' worth of a move.
  { kind: Terrain.impeded, name: 'Impeded terrain', color: '#80683a', cost: 4 },
];

export function foundryScene(encounter: Encounter, options: FoundryOptions): Record<string, unknown> {
  const S = FOUNDRY_GRID_SIZE;
  const map = encounter.map;
  const { squareSize, unit } = unitsOf(encounter);
  const walls = mapSegments(map, { outline: true }).map((seg) => wallOf(seg, S));
  const tokens = placements(encounter).map((p) => ({
    name: p.creature.name,
    displayName: 30, // CONST.TOKEN_DISPLAY_MODES.HOVER
    actorId: null,
    actorLink: false,
    texture: { src: 'icons/svg/mystery-man.svg' },
    width: p.size,
    height: p.size,
    x: Math.round(p.x * S),
    y: Math.round(p.y * S),
    elevation: p.elevation,
    rotation: 0,
    alpha: 1,
    hidden: false,
    locked: false,
    disposition: DISPOSITION[p.creature.side],
    flags: {
      [FLAG_SCOPE]: {
        id: p.creature.id,
        size: p.creature.size,
        side: p.creature.side,
        altitude: p.creature.altitude,
        prone: p.creature.prone,
        helpless: p.creature.helpless,
      },
    },
  }));
  const regions = options.v12
    ? []
    : REGION_TERRAIN.flatMap((t) => {
        const rects = terrainRectangles(encounter, t.kind);
        if (rects.length === 0) return [];
        return [
          {
            name: t.name,
            color: t.color,
            shapes: rects.map((r) => ({ type: 'rectangle', x: r.x * S, y: r.y * S, width: r.w * S, height: r.h * S, rotation: 0, hole: false })),
            elevation: { bottom: null, top: null },
            behaviors: [
              {
                name: t.name,
                type: 'modifyMovementCost',
                // Walking only: each Foundry movement action without a field of its own (set by the
                // system) derives its difficulty, and an unknown key would be cleaned away anyway.
                // Difficulties run 0–5 in steps of 0.25 (ModifyMovementCostRegionBehaviorType).
                system: { difficulties: { walk: t.cost } },
                disabled: false,
                flags: {},
              },
            ],
            visibility: 0,
            locked: false,
            flags: { [FLAG_SCOPE]: { terrain: t.kind } },
          },
        ];
      });
  const file = encounterToFile({ ...encounter, background: undefined });
  return {
    name: encounter.name,
    navigation: true,
    background: { src: options.imagePath, offsetX: 0, offsetY: 0, scaleX: 1, scaleY: 1, rotation: 0, tint: '#ffffff' },
    width: map.width * S,
    height: map.height * S,
    padding: 0,
    backgroundColor: '#999999',
    grid: { type: 1, size: S, style: 'solidLines', thickness: 1, color: '#000000', alpha: 0.2, distance: squareSize, units: unit },
    tokenVision: false,
    drawings: [],
    tokens,
    lights: [],
    notes: [],
    sounds: [],
    regions,
    templates: [],
    tiles: [],
    walls,
    sort: 0,
    ownership: { default: 0 },
    flags: { [FLAG_SCOPE]: { encounter: file } },
  };
}
