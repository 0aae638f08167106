import { encode } from 'fast-png';
import { Terrain, TERRAIN_NAMES, type Encounter, type TerrainKind } from '../../model';
import { exportGeometry } from './drawn';
import { placements, unitsOf } from './geometry';
import { TERRAIN_RGB } from './palette';

/**
 * A Tiled map (`.tmj`, Tiled's JSON map format 1.10), orthogonal with square tiles, for Tiled
 * itself and the engines that read it:
 * - the tileset is embedded (readers crash on external `.tsj` tilesets); its image is a PNG written
 *   beside the map, one tile per terrain kind, then one per distinct ground height and water depth;
 * - each tile carries typed properties (terrain kind, movement cost, difficult; or the height);
 * - tile layers hold uncompressed CSV `data` of exactly width × height gids (0 = no tile);
 * - walls, low obstacles and doors are polyline objects (walls drawn off the grid as drawn: see
 *   `drawn.ts`), creatures rectangle objects, in pixels,
 *   each with typed properties in the array form `[{ name, type, value }]`;
 * - the map's picture is an image layer at the bottom (`type: 'imagelayer'`, `image` a file beside
 *   the map, `offsetx`/`offsety` in pixels). An image layer is drawn at its own pixels, unscaled, so
 *   the tiles are the picture's pixels per square and the offset the picture's pixel on the map's
 *   corner, negated. The terrain layer is hidden then: the picture is the look, the tiles the rules;
 * - labels are text objects (`text: { text, wrap, halign, valign, pixelsize }`) in a `labels`
 *   layer, GM notes in a hidden `notes` layer (only when chosen; notes for players are labels).
 */
export const TILED_FORMAT_VERSION = '1.10';
export const TILED_VERSION = '1.11.2';
/** Most distinct heights (or depths) a map may have: each becomes a tile of the tileset. */
export const MAX_HEIGHT_TILES = 4096;

export interface TiledOptions {
  pixelsPerSquare: number;
  /** File name of the tileset image, written beside the map. */
  tilesetImage: string;
  /** The picture's file beside the map, and the pixel on the map's top-left corner (at `pixelsPerSquare` a square). */
  picture?: { image: string; offsetX: number; offsetY: number; opacity: number };
  /** GM notes go out too, in a hidden layer. */
  gmNotes?: boolean;
}

export interface TiledExport {
  map: Record<string, unknown>;
  tilesetPng: Uint8Array;
}

type Property = { name: string; type: 'string' | 'int' | 'float' | 'bool'; value: string | number | boolean };

/** How many squares' worth of movement one square of each kind costs, as a tile property for engines. */
const TERRAIN_COST: Record<TerrainKind, number> = {
  [Terrain.normal]: 1,
  [Terrain.difficult]: 2, // d20-srd-35.txt › Difficult Terrain
  [Terrain.impeded]: 4, // epic-path.txt › Impeded Terrain (a full-round action per 5 feet)
  [Terrain.blocked]: 0, // 0: not enterable
  [Terrain.obstacle]: 0,
  [Terrain.hazardous]: 1, // epic-path.txt › Hazardous Terrain: enterable, but undesirable
  [Terrain.water]: 2,
};

const number = (name: string, value: number): Property => ({ name, type: Number.isInteger(value) ? 'int' : 'float', value });

export function tiledMap(encounter: Encounter, options: TiledOptions): TiledExport {
  const map = encounter.map;
  const T = options.pixelsPerSquare;
  const n = map.width * map.height;
  const { squareSize, unit } = unitsOf(encounter);

  // Distinct heights and depths each get a tile; a hostile map with millions of them is refused up front.
  const distinct = (values: Float32Array, where: (i: number) => boolean) => {
    const set = new Set<number>();
    for (let i = 0; i < n; i++) {
      if (where(i) && values[i] !== 0) {
        set.add(values[i]!);
        if (set.size > MAX_HEIGHT_TILES) throw new RangeError(`the map has more than ${MAX_HEIGHT_TILES} different heights or depths; Tiled export gives each a tile`);
      }
    }
    return [...set].sort((a, b) => a - b);
  };
  const heights = distinct(map.elevation, () => true);
  const depths = distinct(map.waterDepth, (i) => map.terrain[i] === Terrain.water);

  const tiles: { properties: Property[]; rgb: [number, number, number] }[] = [];
  for (const name of TERRAIN_NAMES) {
    const kind = Terrain[name];
    tiles.push({
      rgb: TERRAIN_RGB[kind],
      properties: [
        { name: 'terrain', type: 'string', value: name },
        { name: 'movementCost', type: 'int', value: TERRAIN_COST[kind] },
        { name: 'difficult', type: 'bool', value: kind === Terrain.difficult || kind === Terrain.impeded },
        { name: 'blocksMovement', type: 'bool', value: kind === Terrain.blocked || kind === Terrain.obstacle },
      ],
    });
  }
  const heightGid = new Map<number, number>();
  const span = Math.max(1, ...heights.map(Math.abs));
  for (const h of heights) {
    const g = Math.round(128 + (h / span) * 120);
    tiles.push({ rgb: [g, g, g], properties: [{ name: 'layer', type: 'string', value: 'elevation' }, number('elevation', h), { name: 'unit', type: 'string', value: unit }] });
    heightGid.set(h, tiles.length);
  }
  const depthGid = new Map<number, number>();
  const deepest = Math.max(1, ...depths);
  for (const d of depths) {
    const b = Math.round(255 - (d / deepest) * 160);
    tiles.push({ rgb: [40, 90, b], properties: [{ name: 'layer', type: 'string', value: 'waterDepth' }, number('waterDepth', d), { name: 'unit', type: 'string', value: unit }] });
    depthGid.set(d, tiles.length);
  }

  // The tileset image: tiles left to right, up to 16 a row.
  const columns = Math.min(16, tiles.length);
  const rows = Math.ceil(tiles.length / columns);
  const iw = columns * T;
  const ih = rows * T;
  const pixels = new Uint8Array(iw * ih * 3);
  tiles.forEach((tile, t) => {
    const ox = (t % columns) * T;
    const oy = Math.floor(t / columns) * T;
    for (let y = 0; y < T; y++) {
      for (let x = 0; x < T; x++) {
        const o = ((oy + y) * iw + ox + x) * 3;
        pixels[o] = tile.rgb[0];
        pixels[o + 1] = tile.rgb[1];
        pixels[o + 2] = tile.rgb[2];
      }
    }
  });
  const tilesetPng = encode({ width: iw, height: ih, data: pixels, channels: 3, depth: 8 });

  let layerId = 0;
  const tileLayer = (name: string, data: number[], visible = true) => ({
    id: ++layerId,
    name,
    type: 'tilelayer',
    width: map.width,
    height: map.height,
    x: 0,
    y: 0,
    opacity: 1,
    visible,
    data,
  });
  const layers: Record<string, unknown>[] = [];
  if (options.picture) {
    const pic = options.picture;
    layers.push({ id: ++layerId, name: 'picture', type: 'imagelayer', image: pic.image, offsetx: -pic.offsetX || 0, offsety: -pic.offsetY || 0, x: 0, y: 0, opacity: pic.opacity, visible: true, repeatx: false, repeaty: false });
  }
  layers.push(tileLayer('terrain', Array.from(map.terrain, (t) => t + 1), !options.picture));
  if (heights.length) layers.push(tileLayer('elevation', Array.from(map.elevation, (h) => heightGid.get(h) ?? 0), false));
  if (depths.length) {
    layers.push(tileLayer('waterDepth', Array.from(map.waterDepth, (d, i) => (map.terrain[i] === Terrain.water ? depthGid.get(d) ?? 0 : 0)), false));
  }

  let objectId = 0;
  const walls: Record<string, unknown>[] = [];
  const doors: Record<string, unknown>[] = [];
  // Walls, doors and windows as the exports share them: drawn ones as drawn, the rest on grid lines.
  const geometry = exportGeometry(encounter, { outline: false });
  const pieces = [
    ...geometry.walls.map((w) => ({ points: w.points, kind: 'wall' as const, drawn: w.drawn })),
    ...geometry.portals.map((p) => ({ points: [p.a, p.b], kind: p.kind, drawn: p.drawn })),
  ];
  for (const s of pieces) {
    const door = s.kind === 'door-closed' || s.kind === 'door-open';
    const [first] = s.points;
    const object = {
      id: ++objectId,
      name: '',
      type: door ? 'door' : s.kind === 'low' ? 'low obstacle' : s.kind === 'window' ? 'window' : 'wall',
      x: first!.x * T,
      y: first!.y * T,
      width: 0,
      height: 0,
      rotation: 0,
      visible: true,
      // Polyline points are relative to the object's position, as Tiled writes them.
      polyline: s.points.map((p) => ({ x: (p.x - first!.x) * T, y: (p.y - first!.y) * T })),
      properties: [
        { name: 'blocksMovement', type: 'bool', value: s.kind !== 'door-open' },
        { name: 'blocksSight', type: 'bool', value: s.kind === 'wall' || s.kind === 'door-closed' },
        ...(door ? [{ name: 'open', type: 'bool', value: s.kind === 'door-open' }] : []),
        ...(s.drawn ? [{ name: 'drawn', type: 'bool', value: true }] : []),
      ],
    };
    (door ? doors : walls).push(object);
  }
  const creatures = placements(encounter).map((p) => ({
    id: ++objectId,
    name: p.creature.name,
    type: 'creature',
    x: p.x * T,
    y: p.y * T,
    width: p.size * T,
    height: p.size * T,
    rotation: 0,
    visible: true,
    properties: [
      { name: 'id', type: 'string', value: p.creature.id },
      number('altitude', p.creature.altitude),
      { name: 'size', type: 'string', value: p.creature.size },
      { name: 'side', type: 'string', value: p.creature.side },
      { name: 'prone', type: 'bool', value: p.creature.prone },
      { name: 'helpless', type: 'bool', value: p.creature.helpless },
    ] satisfies Property[],
  }));
  const objectLayer = (name: string, objects: Record<string, unknown>[]) => ({
    id: ++layerId,
    name,
    type: 'objectgroup',
    draworder: 'topdown',
    x: 0,
    y: 0,
    opacity: 1,
    visible: true,
    objects,
  });
  layers.push(objectLayer('walls', walls), objectLayer('doors', doors), objectLayer('creatures', creatures));
  const textObject = (l: { id: string; text: string; x: number; y: number }, type: string) => ({
    id: ++objectId,
    name: '',
    type,
    // A box four squares wide and one high, centred on the label's anchor.
    x: (l.x - 2) * T,
    y: (l.y - 0.5) * T,
    width: 4 * T,
    height: T,
    rotation: 0,
    visible: true,
    text: { text: l.text, wrap: true, halign: 'center', valign: 'center', pixelsize: Math.max(8, Math.round(T * 0.3)), color: '#ffffff' },
    properties: [{ name: 'id', type: 'string', value: l.id }] satisfies Property[],
  });
  const labels = encounter.labels ?? [];
  const shown = labels.filter((l) => l.kind === 'label' || l.forPlayers);
  if (shown.length) layers.push(objectLayer('labels', shown.map((l) => textObject(l, l.kind))));
  const gmNotes = options.gmNotes ? labels.filter((l) => l.kind === 'note' && !l.forPlayers) : [];
  if (gmNotes.length) layers.push({ ...objectLayer('notes', gmNotes.map((l) => textObject(l, 'note'))), visible: false });

  return {
    tilesetPng,
    map: {
      type: 'map',
      version: TILED_FORMAT_VERSION,
      tiledversion: TILED_VERSION,
      orientation: 'orthogonal',
      renderorder: 'right-down',
      infinite: false,
      compressionlevel: -1,
      width: map.width,
      height: map.height,
      tilewidth: T,
      tileheight: T,
      nextlayerid: layerId + 1,
      nextobjectid: objectId + 1,
      properties: [
        { name: 'name', type: 'string', value: encounter.name },
        { name: 'ruleset', type: 'string', value: encounter.ruleset },
        number('squareSize', squareSize),
        { name: 'lengthUnit', type: 'string', value: unit },
      ],
      tilesets: [
        {
          firstgid: 1,
          name: 'terrain',
          image: options.tilesetImage,
          imagewidth: iw,
          imageheight: ih,
          tilewidth: T,
          tileheight: T,
          tilecount: tiles.length,
          columns,
          margin: 0,
          spacing: 0,
          tiles: tiles.map((t, id) => ({ id, properties: t.properties })),
        },
      ],
      layers,
    },
  };
}
