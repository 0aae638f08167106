import { Terrain, type Encounter, type MapPicture, type Side } from '../../model';
import { encounterToFile } from '../encounter-file';
import { exportGeometry, type PortalSegmentKind } from './drawn';
import { placements, SEE_THROUGH, unitsOf } from './geometry';

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
 * - every wall, token, Region and behaviour has its own `_id` of 16 letters and digits (the form
 *   Foundry's `isValidId` accepts), as in Foundry's own "Export Data": "Import Data" builds the scene
 *   with strict validation and commits it as one replacing update (ClientDocumentMixin#importFromJSON),
 *   and embedded documents are kept in collections keyed by `_id`, so none may lack one;
 * - token `width`/`height` are any positive number in v13, but v12's schema has `step: 0.5` and
 *   rounds 1/3 or 1/4 up to 0.5 (common/documents/token.mjs, NumberField#_cleanType), so the v12
 *   option writes 0.5 for creatures sharing a square and keeps each inside its square;
 * - fields left at Foundry's defaults are not written (`initial` is a schema of required numbers
 *   there, so a `null` would be refused);
 * - the background is drawn stretched over the scene rectangle, which starts at
 *   `-background.offsetX` (Scene#getDimensions: `sceneX = dimensions.x - background.offsetX`, and
 *   `dimensions.x` is 0 without padding) and is `width` × `height` pixels, while the grid starts at
 *   0: so the map's picture goes out unchanged with the grid size its pixels per square (rounded to a
 *   whole number, at least Foundry's 20), the scene its size at that scale and the offset the
 *   scaled pixel on the map's corner. A picture that does not cover the map is a Tile instead, placed
 *   over the squares it covers, as a background cannot reach past the scene's own rectangle;
 * - AmbientLight `config.dim`/`bright` are in grid distance units, `walls: true` casts shadows;
 * - Drawings carry text (`text`, `fontSize` 8–256, `shape` {type 'r', width, height}); `hidden`
 *   ones are the GM's only.
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
  /**
   * Where the image lies: `picture`, the map's picture file itself (lined up by its grid), or
   * `drawn`, an image of the map drawn at whole squares (the default).
   */
  image?: { kind: 'drawn' } | { kind: 'picture'; picture: MapPicture };
  /** Token art's paths by its id, as written beside the JSON. */
  tokenTextures?: ReadonlyMap<string, string>;
  /** GM notes go out too (as GM-only drawings); without this only notes meant for players. */
  gmNotes?: boolean;
}

/** The smallest grid Foundry accepts (CONST.GRID_MIN_SIZE). */
export const FOUNDRY_MIN_GRID = 20;

/** The scene's grid size for a picture: its own pixels per square, so Foundry shows it unscaled. */
export function foundryGridSize(picture: MapPicture | undefined): number {
  return picture ? Math.max(FOUNDRY_MIN_GRID, Math.round(picture.pixelsPerSquare)) : FOUNDRY_GRID_SIZE;
}

/**
 * A document id Foundry accepts (16 letters and digits), unique within its collection: a fixed
 * prefix naming the collection, then the index in base 36. Deterministic, so an export is repeatable.
 */
export function foundryId(collection: 'wall' | 'token' | 'region' | 'behavior' | 'drawing' | 'light' | 'tile', index: number): string {
  const prefix = { wall: 'ebwall', token: 'ebtokn', region: 'ebregn', behavior: 'ebbhvr', drawing: 'ebdraw', light: 'eblght', tile: 'ebtile' }[collection];
  return prefix + index.toString(36).padStart(16 - prefix.length, '0');
}

interface WallPiece {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  kind: 'wall' | PortalSegmentKind;
  outline: boolean;
  drawn: boolean;
}

function wallOf(seg: WallPiece, S: number, index: number): Record<string, unknown> {
  // Whole pixels: a wall's `c` holds integers (common/documents/wall.mjs), and drawn walls end off the grid.
  const c = [seg.x0, seg.y0, seg.x1, seg.y1].map((v) => Math.round(v * S));
  // A low obstacle (and a Startroid window) stops movement but not sight, light or sound (d20-srd-35.txt › Obstacles: "hampers movement").
  const senses = SEE_THROUGH.has(seg.kind) ? WALL_SENSE.none : WALL_SENSE.normal;
  const door = seg.kind === 'door-closed' || seg.kind === 'door-open' ? WALL_DOOR.door : WALL_DOOR.none;
  return {
    _id: foundryId('wall', index),
    c,
    move: WALL_MOVE.normal,
    sight: senses,
    light: senses,
    sound: senses,
    dir: 0,
    door,
    ds: seg.kind === 'door-open' ? DOOR_STATE.open : DOOR_STATE.closed,
    threshold: { light: null, sight: null, sound: null, attenuation: false },
    flags: { [FLAG_SCOPE]: { kind: seg.kind, ...(seg.outline ? { outline: true } : {}), ...(seg.drawn ? { drawn: true } : {}) } },
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

/** How a picture lies in a Foundry scene of grid size S: as its background, or as a Tile where it does not cover the map. */
export function foundryPicturePlacement(picture: MapPicture, map: { width: number; height: number }, S: number) {
  const scale = S / picture.pixelsPerSquare;
  const width = Math.round(picture.width * scale);
  const height = Math.round(picture.height * scale);
  const offsetX = Math.round(picture.offsetX * scale);
  const offsetY = Math.round(picture.offsetY * scale);
  const covers = offsetX >= 0 && offsetY >= 0 && width - offsetX >= map.width * S - 1 && height - offsetY >= map.height * S - 1;
  return { width, height, offsetX, offsetY, covers };
}

export function foundryScene(encounter: Encounter, options: FoundryOptions): Record<string, unknown> {
  const image = options.image ?? { kind: 'drawn' };
  const picture = image.kind === 'picture' ? image.picture : undefined;
  const S = foundryGridSize(picture);
  const map = encounter.map;
  const { squareSize, unit } = unitsOf(encounter);
  const geometry = exportGeometry(encounter, { outline: true });
  const pieces: WallPiece[] = [];
  for (const w of geometry.walls) {
    for (let i = 1; i < w.points.length; i++) {
      const a = w.points[i - 1]!;
      const b = w.points[i]!;
      pieces.push({ x0: a.x, y0: a.y, x1: b.x, y1: b.y, kind: 'wall', outline: w.outline, drawn: w.drawn });
    }
  }
  for (const p of geometry.portals) pieces.push({ x0: p.a.x, y0: p.a.y, x1: p.b.x, y1: p.b.y, kind: p.kind, outline: false, drawn: p.drawn });
  // A drawn wall may have a step shorter than a pixel (Dungeondraft writes a few): a point is no wall,
  // and the whole import would stand or fall with it.
  const same = (a: number, b: number) => Math.round(a * S) === Math.round(b * S);
  const walls = pieces.filter((p) => !(same(p.x0, p.x1) && same(p.y0, p.y1))).map((seg, i) => wallOf(seg, S, i));
  const tokens = placements(encounter).map((p, i) => {
    // v12 takes token sizes in steps of 0.5 only: a creature sharing a square is half a square there,
    // kept inside its own square.
    const side = options.v12 && p.size < 1 ? 0.5 : p.size;
    const within = (at: number, square: number) => (options.v12 && p.size < 1 ? Math.min(at, square + 1 - side) : at);
    return {
      _id: foundryId('token', i),
      name: p.creature.name,
      displayName: 30, // CONST.TOKEN_DISPLAY_MODES.HOVER
      actorId: null,
      actorLink: false,
      texture: { src: (p.creature.token && options.tokenTextures?.get(p.creature.token)) || 'icons/svg/mystery-man.svg' },
      width: side,
      height: side,
      x: Math.round(within(p.x, p.creature.x) * S),
      y: Math.round(within(p.y, p.creature.y) * S),
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
    };
  });
  const regions = options.v12
    ? []
    : REGION_TERRAIN.flatMap((t, i) => {
        const rects = terrainRectangles(encounter, t.kind);
        if (rects.length === 0) return [];
        return [
          {
            _id: foundryId('region', i),
            name: t.name,
            color: t.color,
            shapes: rects.map((r) => ({ type: 'rectangle', x: r.x * S, y: r.y * S, width: r.w * S, height: r.h * S, rotation: 0, hole: false })),
            elevation: { bottom: null, top: null },
            behaviors: [
              {
                _id: foundryId('behavior', 0),
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
  const file = encounterToFile({ ...encounter, picture: undefined, tokenImages: undefined });
  // The scene: the map's squares, or the whole picture when it is the background.
  let scene = { width: map.width * S, height: map.height * S };
  let background: Record<string, unknown> = { src: options.imagePath, offsetX: 0, offsetY: 0, scaleX: 1, scaleY: 1, rotation: 0, tint: '#ffffff' };
  const tiles: Record<string, unknown>[] = [];
  if (picture) {
    const place = foundryPicturePlacement(picture, map, S);
    if (place.covers) {
      scene = { width: place.width, height: place.height };
      background = { ...background, offsetX: place.offsetX, offsetY: place.offsetY };
    } else {
      background = { ...background, src: null };
      tiles.push({ _id: foundryId('tile', 0), texture: { src: options.imagePath }, x: -place.offsetX, y: -place.offsetY, width: place.width, height: place.height, elevation: 0, sort: 0, rotation: 0, alpha: picture.opacity, hidden: false, locked: true, flags: { [FLAG_SCOPE]: { picture: true } } });
    }
  }
  const drawings = (encounter.labels ?? [])
    .filter((l) => l.kind === 'label' || l.forPlayers || options.gmNotes)
    .map((l, i) => {
      // A box four squares wide and one high, centred on the label's anchor; the text wraps in it.
      const w = 4 * S;
      const h = S;
      return {
        _id: foundryId('drawing', i),
        shape: { type: 'r', width: w, height: h },
        x: Math.round(l.x * S - w / 2),
        y: Math.round(l.y * S - h / 2),
        text: l.text,
        fontSize: Math.max(8, Math.min(256, Math.round(S * 0.3))),
        textColor: '#ffffff',
        fillType: 0,
        strokeWidth: 0,
        // A GM note stays the GM's: hidden drawings are not shown to players.
        hidden: l.kind === 'note' && !l.forPlayers,
        locked: false,
        flags: { [FLAG_SCOPE]: { label: l.id, kind: l.kind } },
      };
    });
  const lights = (encounter.lights ?? []).map((l, i) => ({
    _id: foundryId('light', i),
    x: Math.round(l.x * S),
    y: Math.round(l.y * S),
    rotation: 0,
    // Shadows: constrained by walls.
    walls: l.shadows,
    vision: false,
    config: { dim: l.range * squareSize, bright: (l.range * squareSize) / 2, color: l.color.slice(0, 7), alpha: Math.min(1, 0.5 * l.intensity), angle: 360 },
    hidden: false,
    flags: { [FLAG_SCOPE]: { intensity: l.intensity, color: l.color } },
  }));
  return {
    // A Scene's name is a StringField with `blank: false` (common/documents/scene.mjs): one made only of
    // spaces is refused, and the whole import with it. Our encounters may be unnamed.
    name: encounter.name.trim() || 'Untitled encounter',
    navigation: true,
    background,
    width: scene.width,
    height: scene.height,
    padding: 0,
    backgroundColor: '#999999',
    grid: { type: 1, size: S, style: 'solidLines', thickness: 1, color: '#000000', alpha: 0.2, distance: squareSize, units: unit },
    tokenVision: false,
    drawings,
    tokens,
    lights,
    notes: [],
    sounds: [],
    regions,
    templates: [],
    tiles,
    walls,
    sort: 0,
    ownership: { default: 0 },
    flags: { [FLAG_SCOPE]: { encounter: file } },
  };
}
