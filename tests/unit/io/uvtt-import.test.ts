import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { readEncounterText } from '../../../src-shared/io';
import { encodeBase64, uvttMap } from '../../../src-shared/io/export';
import { checkImage, importUvtt } from '../../../src-shared/io/import';
import { Edge, type Encounter } from '../../../src-shared/model';

type P = { x: number; y: number };
const png = (w: number, h: number) => encodeBase64(encode({ width: w, height: h, data: new Uint8Array(w * h * 3).fill(200), channels: 3, depth: 8 }));

/**
 * A map written by hand the way Dungeondraft writes `.dd2vtt` (format 0.3): 6 × 4 squares at 10 px,
 * a wall running along y = 1 from x = 1 to 4 and down x = 4 to y = 3, and a door on y = 3
 * between x = 2 and 3.
 */
function fixture(origin: P = { x: 0, y: 0 }, format = 0.3): Record<string, unknown> {
  const at = (x: number, y: number) => ({ x: x + origin.x, y: y + origin.y });
  return {
    format,
    resolution: { map_origin: origin, map_size: { x: 6, y: 4 }, pixels_per_grid: 10 },
    line_of_sight: [[at(1, 1), at(4, 1), at(4, 3)]],
    objects_line_of_sight: [],
    portals: [{ position: at(2.5, 3), bounds: [at(2, 3), at(3, 3)], rotation: 0, closed: true, freestanding: false }],
    environment: { baked_lighting: true, ambient_light: 'ffffffff' },
    lights: [],
    image: png(60, 40),
  };
}

const options = { ruleset: 'd20-35' as const, name: 'Fixture' };

function imported(data: unknown): Encounter {
  const r = importUvtt(JSON.stringify(data), options);
  if (!r.ok) throw new Error(r.error);
  return r.encounter;
}

/** Every unit edge as "h x y" / "v x y" (x, y the edge's first intersection), with its kind. */
function edgesOf(e: Encounter): Map<string, number> {
  const m = e.map;
  const out = new Map<string, number>();
  for (let y = 0; y < m.height; y++) {
    for (let x = 0; x < m.width; x++) {
      const i = y * m.width + x;
      if (m.edgeSouth[i]) out.set(`h ${x} ${y + 1}`, m.edgeSouth[i]!);
      if (m.edgeEast[i]) out.set(`v ${x + 1} ${y}`, m.edgeEast[i]!);
    }
  }
  return out;
}

/** Unit edges of grid-unit polylines on intersections. */
function unitEdges(lines: P[][]): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    for (let k = 1; k < line.length; k++) {
      const a = line[k - 1]!;
      const b = line[k]!;
      if (a.y === b.y) for (let x = Math.min(a.x, b.x); x < Math.max(a.x, b.x); x++) out.add(`h ${x} ${a.y}`);
      else for (let y = Math.min(a.y, b.y); y < Math.max(a.y, b.y); y++) out.add(`v ${a.x} ${y}`);
    }
  }
  return out;
}

const expectedEdges = new Map([
  ['h 1 1', Edge.wall],
  ['h 2 1', Edge.wall],
  ['h 3 1', Edge.wall],
  ['v 4 1', Edge.wall],
  ['v 4 2', Edge.wall],
  ['h 2 3', Edge.doorClosed],
]);

describe('Universal VTT import', () => {
  it('puts walls and doors on the grid edges the file draws, and keeps the picture', () => {
    const e = imported(fixture());
    expect([e.map.width, e.map.height]).toEqual([6, 4]);
    expect(edgesOf(e)).toEqual(expectedEdges);
    expect(e.picture).toMatchObject({ mime: 'image/png', width: 60, height: 40, opacity: 1, offsetX: 0, offsetY: 0 });
  });

  it('subtracts map_origin', () => {
    expect(edgesOf(imported(fixture({ x: -2, y: 5 })))).toEqual(expectedEdges);
  });

  it('reads format 0.2 and a file without objects_line_of_sight', () => {
    const data = fixture({ x: 0, y: 0 }, 0.2);
    delete data['objects_line_of_sight'];
    expect(edgesOf(imported(data))).toEqual(expectedEdges);
  });

  it('turns fractional cave walls into the nearest staircase of grid edges', () => {
    const data = fixture();
    data['line_of_sight'] = [[{ x: 1.1, y: 0.9 }, { x: 3.2, y: 2.8 }]];
    data['portals'] = [];
    const edges = [...edgesOf(imported(data)).keys()].sort();
    // (1,1) to (3,3): four unit steps, alternating, never more than one square off the line.
    expect(edges).toHaveLength(4);
    expect(edges).toEqual(['h 1 1', 'h 2 2', 'v 2 1', 'v 3 2']);
  });

  it('walls on objects_line_of_sight become walls too; portals without bounds use position and rotation', () => {
    const data = fixture();
    data['objects_line_of_sight'] = [[{ x: 5, y: 0 }, { x: 5, y: 1 }]];
    data['portals'] = [{ position: { x: 1, y: 2.5 }, rotation: Math.PI / 2, closed: false, freestanding: false }];
    const edges = edgesOf(imported(data));
    expect(edges.get('v 5 0')).toBe(Edge.wall);
    // closed: false is a portal that does not block light, a window: a low obstacle where the ruleset
    // has no windows (d20-srd-35.txt › Obstacles: it hampers movement, sight passes).
    expect(edges.get('v 1 2')).toBe(Edge.low);
  });

  it('an open portal (closed: false) is a window in Startroid and a low obstacle elsewhere, never an open door; re-export gives the same portals', () => {
    const data = fixture();
    data['portals'] = [
      { position: { x: 2.5, y: 3 }, bounds: [{ x: 2, y: 3 }, { x: 3, y: 3 }], rotation: 0, closed: true, freestanding: false },
      { position: { x: 1, y: 2.5 }, bounds: [{ x: 1, y: 2 }, { x: 1, y: 3 }], rotation: Math.PI / 2, closed: false, freestanding: false },
      { position: { x: 4, y: 0.5 }, bounds: [{ x: 4, y: 0 }, { x: 4, y: 1 }], rotation: Math.PI / 2, closed: false, freestanding: false },
    ];
    const portalsOf = (m: { portals: { bounds: P[]; closed: boolean; rotation: number }[] }) => m.portals.map((p) => JSON.stringify([p.bounds, p.closed, p.rotation])).sort();
    for (const [ruleset, open] of [
      ['d20-35', Edge.low],
      ['epic-path', Edge.low],
      ['d20-30', Edge.low],
      ['6d6', Edge.low],
      ['startroid', Edge.window],
    ] as const) {
      const r = importUvtt(JSON.stringify(data), { ruleset, name: 'Portals' });
      if (!r.ok) throw new Error(r.error);
      const edges = edgesOf(r.encounter);
      expect([edges.get('h 2 3'), edges.get('v 1 2'), edges.get('v 4 0')], ruleset).toEqual([Edge.doorClosed, open, open]);
      expect([...edges.values()], ruleset).not.toContain(Edge.doorOpen);
      const again = uvttMap(r.encounter, { pixelsPerSquare: 10, grid: false }) as { portals: { bounds: P[]; closed: boolean; rotation: number }[] };
      expect(portalsOf(again), ruleset).toEqual(portalsOf(data as never));
    }
  });

  it('round trip: UVTT → import → UVTT keeps the same walls and doors', () => {
    const original = fixture();
    const again = uvttMap(imported(original), { pixelsPerSquare: 10, grid: false }) as { line_of_sight: P[][]; portals: { bounds: P[] }[] };
    expect(unitEdges(again.line_of_sight)).toEqual(unitEdges(original['line_of_sight'] as P[][]));
    expect(again.portals.map((p) => p.bounds)).toEqual((original['portals'] as { bounds: P[] }[]).map((p) => p.bounds));
    // And once more: the second import equals the first.
    expect(edgesOf(imported(again))).toEqual(expectedEdges);
  });

  it('File › Open and the CLI recognise a .dd2vtt by name and a UVTT map by content', () => {
    const text = JSON.stringify(fixture());
    expect(readEncounterText(text, 'cave.dd2vtt')).toMatchObject({ ok: true, format: 'uvtt' });
    expect(readEncounterText(text, 'cave.json')).toMatchObject({ ok: true, format: 'uvtt' });
    const r = readEncounterText(text, 'cave.uvtt');
    expect(r.ok && r.encounter.name).toBe('cave');
  });
});

describe('Universal VTT import keeps what the file draws', () => {
  it('formats 0.1 to 1.0; walls and portals as drawn after map_origin; lights with their colour as #rrggbb[aa]', () => {
    for (const format of [0.1, 0.2, 0.3, 1]) {
      const data = fixture({ x: 3, y: 2 }, format);
      data['line_of_sight'] = [[{ x: 4.2, y: 3.1 }, { x: 7.3, y: 3.1 }, { x: 7.3, y: 5.5 }]];
      data['portals'] = [{ position: { x: 5.5, y: 5 }, bounds: [{ x: 5.1, y: 5 }, { x: 5.9, y: 5 }], rotation: 0, closed: false, freestanding: true }];
      data['lights'] = [
        { position: { x: 4, y: 3 }, range: 3.5, intensity: 0.8, color: 'ffeccd8b', shadows: true },
        { position: { x: 6, y: 4 }, range: 1, intensity: 2, color: '40112233', shadows: false },
      ];
      const e = imported(data);
      expect(e.drawn, `format ${format}`).toEqual({
        walls: [[{ x: 4.2 - 3, y: 3.1 - 2 }, { x: 7.3 - 3, y: 3.1 - 2 }, { x: 7.3 - 3, y: 5.5 - 2 }]],
        portals: [{ kind: 'window', a: { x: 5.1 - 3, y: 3 }, b: { x: 5.9 - 3, y: 3 } }],
      });
      expect(e.lights).toEqual([
        { x: 1, y: 1, range: 3.5, intensity: 0.8, color: '#eccd8b', shadows: true },
        { x: 3, y: 2, range: 1, intensity: 2, color: '#11223340', shadows: false },
      ]);
    }
  });

  it('a light or wall farther than a map side from the map is left out with a note; its grid edges stay', () => {
    const data = fixture();
    data['line_of_sight'] = [[{ x: -5000, y: 2 }, { x: 5000, y: 2 }]];
    data['lights'] = [{ position: { x: 9000, y: 1 }, range: 2 }];
    const r = importUvtt(JSON.stringify(data), options);
    if (!r.ok) throw new Error(r.error);
    expect(r.encounter.drawn?.walls).toEqual([]);
    expect(r.encounter.drawn?.portals).toHaveLength(1);
    expect(r.encounter.lights).toBeUndefined();
    expect(r.notes.join(' ')).toMatch(/2 walls, portals or lights lie over 2048 squares from the map and were left out/);
    expect(edgesOf(r.encounter).get('h 0 2')).toBe(Edge.wall);
  });
});

describe('Universal VTT import refuses bad and hostile files, naming the problem', () => {
  const base = () => fixture();
  const cases: [string, () => string, RegExp][] = [
    ['not JSON', () => '{"format": 0.3, "resolution": ', /not valid JSON/],
    ['a JSON array', () => '[]', /^the file is not a JSON object describing a Universal VTT map/],
    ['an unknown format', () => JSON.stringify({ ...base(), format: 2 }), /format: 2 is not a Universal VTT format/],
    ['a missing format', () => JSON.stringify({ ...base(), format: undefined }), /format: missing/],
    ['a billion squares', () => JSON.stringify({ ...base(), resolution: { map_size: { x: 1e9, y: 1e9 }, pixels_per_grid: 70 } }), /map_size: 1000000000 × 1000000000 squares/],
    ['a negative size', () => JSON.stringify({ ...base(), resolution: { map_size: { x: -3, y: 4 }, pixels_per_grid: 70 } }), /a map is 1 to 2048 squares a side/],
    ['no pixels per grid', () => JSON.stringify({ ...base(), resolution: { map_size: { x: 3, y: 4 } } }), /pixels_per_grid/],
    ['walls not a list', () => JSON.stringify({ ...base(), line_of_sight: 'walls' }), /line_of_sight: expected a list of polylines/],
    ['a huge coordinate', () => JSON.stringify({ ...base(), line_of_sight: [[{ x: 1e300, y: 0 }, { x: 0, y: 0 }]] }), /line_of_sight\[0\]\[0\]\.x is not a number/],
    ['a point that is not a point', () => JSON.stringify({ ...base(), line_of_sight: [[1, 2]] }), /line_of_sight\[0\]\[0\] is not a point/],
    ['too many points', () => JSON.stringify({ ...base(), line_of_sight: [Array.from({ length: 1_000_001 }, () => 0)] }), /more than 1000000 wall points/],
    ['an image that is not base64', () => JSON.stringify({ ...base(), image: '***' }), /image: the picture is not base64/],
    ['an image of unknown kind', () => JSON.stringify({ ...base(), image: encodeBase64(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])) }), /neither PNG, JPEG nor WebP/],
    ['a truncated PNG', () => JSON.stringify({ ...base(), image: png(60, 40).slice(0, 120) }), /the PNG is truncated/],
    ['a PNG claiming a billion pixels', () => JSON.stringify({ ...base(), image: hugePng() }), /the picture is 100000 × 100000 pixels; at most 16384 pixels a side/],
    ['an image of the wrong type', () => JSON.stringify({ ...base(), image: 42 }), /image: expected a base64/],
    ['a format past 1.0', () => JSON.stringify({ ...base(), format: 1.1 }), /format: 1.1 is not a Universal VTT format this version reads \(0.1 to 1.0\)/],
    ['lights not a list', () => JSON.stringify({ ...base(), lights: {} }), /lights: expected a list of lights/],
    ['a light without a position', () => JSON.stringify({ ...base(), lights: [{ range: 2, color: 'ffffffff' }] }), /lights\[0\]\.position/],
    ['a light of negative range', () => JSON.stringify({ ...base(), lights: [{ position: { x: 1, y: 1 }, range: -2 }] }), /lights\[0\]\.range: -2 is not a radius/],
    ['a light colour that is not hex', () => JSON.stringify({ ...base(), lights: [{ position: { x: 1, y: 1 }, range: 2, color: 'warm' }] }), /lights\[0\]\.color: expected AARRGGBB hex digits/],
    ['too many lights', () => JSON.stringify({ ...base(), lights: Array.from({ length: 10_001 }, () => ({ position: { x: 1, y: 1 }, range: 1 })) }), /lights: more than 10000 lights/],
  ];
  for (const [what, make, message] of cases) {
    it(what, () => {
      const r = importUvtt(make(), options);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    });
  }

  it('deep nesting and prototype-pollution keys neither crash nor pollute', () => {
    const deep = `{"format":0.3,"resolution":{"map_size":{"x":3,"y":3},"pixels_per_grid":10},"line_of_sight":[${'['.repeat(50000)}${']'.repeat(50000)}]}`;
    const r = importUvtt(deep, options);
    expect(r.ok).toBe(false);
    const polluted = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"format":0.3,"resolution":{"__proto__":{"map_size":{"x":2,"y":2}},"map_size":{"x":2,"y":2},"pixels_per_grid":10},"line_of_sight":[]}';
    const p = importUvtt(polluted, options);
    expect(p.ok).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('a wall far beyond the map is traced only across the map, quickly', () => {
    const data = fixture();
    data['line_of_sight'] = Array.from({ length: 2000 }, () => [{ x: -999999, y: 2 }, { x: 999999, y: 2 }]);
    const e = imported(data);
    expect([...edgesOf(e).keys()].filter((k) => /^h \d+ 2$/.test(k)).length).toBe(6);
  });

  it('checkImage reads JPEG and WebP sizes from their headers', () => {
    // A minimal JPEG header: SOI, then SOF0 with height 20 and width 30.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 20, 0, 30, 3, 0, 0, 0, 0]);
    expect(checkImage(encodeBase64(jpeg))).toMatchObject({ ok: true, image: { mime: 'image/jpeg', width: 30, height: 20 } });
    const webp = new Uint8Array(30);
    webp.set([82, 73, 70, 70], 0);
    webp.set([87, 69, 66, 80, 86, 80, 56, 88], 8);
    webp.set([99, 0, 0, 49, 0, 0], 24);
    expect(checkImage(encodeBase64(webp))).toMatchObject({ ok: true, image: { mime: 'image/webp', width: 100, height: 50 } });
  });
});

/** A PNG whose header claims 100000 × 100000 pixels (and whose chunks are otherwise whole). */
function hugePng(): string {
  const bytes = Uint8Array.from(atob(png(2, 2)), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  view.setUint32(16, 100000);
  view.setUint32(20, 100000);
  return encodeBase64(bytes);
}
