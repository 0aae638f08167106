import { Edge, type Encounter, type MapPoint } from '../../model';
import { forEachSnappedEdge, type EdgeLayerName } from '../import/snap';
import { KIND_OF_EDGE, mapSegments, type EdgeMask, type SegmentKind } from './geometry';

/**
 * The walls and portals an export writes: those drawn off the grid (a `.dd2vtt`'s, kept in
 * `encounter.drawn`) as drawn, and the grid edges no drawn shape explains as grid segments.
 *
 * The rule (docs/formats.md › Walls as drawn): a drawn segment explains the grid edges it snaps to
 * (`import/snap.ts`, the walk the import used to put them there). A drawn segment is exported as
 * drawn while every grid edge it snaps to still holds something (a wall for a wall; a door, window or
 * low obstacle for a portal): the user has not erased it. Then those edges are left out, so the
 * staircase the rules use does not go out beside the line it came from. A drawn segment whose edges
 * the user erased or changed is left out, and whatever the user put on those edges goes out as grid
 * segments, as does every edge the user added.
 */
export type PortalSegmentKind = Exclude<SegmentKind, 'wall'>;

export interface ExportWall {
  /** Two or more points, in squares. */
  points: MapPoint[];
  /** The outline of squares that stop sight (not a wall the designer drew). */
  outline: boolean;
  /** Kept as drawn (off the grid as often as not). */
  drawn: boolean;
}

export interface ExportPortal {
  a: MapPoint;
  b: MapPoint;
  kind: PortalSegmentKind;
  drawn: boolean;
}

export interface ExportGeometry {
  walls: ExportWall[];
  portals: ExportPortal[];
}

const PORTAL_EDGES: ReadonlySet<number> = new Set([Edge.doorClosed, Edge.doorOpen, Edge.window, Edge.low]);

export function exportGeometry(encounter: Encounter, options: { outline: boolean }): ExportGeometry {
  const map = encounter.map;
  const drawn = encounter.drawn;
  const walls: ExportWall[] = [];
  const portals: ExportPortal[] = [];
  let skip: EdgeMask | undefined;
  if (drawn && (drawn.walls.length || drawn.portals.length)) {
    skip = { south: new Uint8Array(map.edgeSouth.length), east: new Uint8Array(map.edgeEast.length) };
    const mask = skip;
    const snapped = (p: MapPoint, q: MapPoint) => {
      const edges: { layer: EdgeLayerName; index: number; kind: number }[] = [];
      forEachSnappedEdge(map.width, map.height, p, q, (layer, index) => edges.push({ layer, index, kind: (layer === 'south' ? map.edgeSouth : map.edgeEast)[index]! }));
      return edges;
    };
    const explain = (edges: { layer: EdgeLayerName; index: number; kind: number }[], which: (kind: number) => boolean) => {
      for (const e of edges) if (which(e.kind)) mask[e.layer][e.index] = 1;
    };
    for (const line of drawn.walls) {
      // Runs of intact segments go out as polylines; an erased segment breaks the run.
      let run: MapPoint[] = [];
      const flush = () => {
        if (run.length >= 2) walls.push({ points: run, outline: false, drawn: true });
        run = [];
      };
      for (let i = 1; i < line.length; i++) {
        const edges = snapped(line[i - 1]!, line[i]!);
        if (edges.every((e) => e.kind !== Edge.none)) {
          explain(edges, (k) => k === Edge.wall);
          if (run.length === 0) run.push(line[i - 1]!);
          run.push(line[i]!);
        } else flush();
      }
      flush();
    }
    for (const portal of drawn.portals) {
      const edges = snapped(portal.a, portal.b);
      if (!edges.every((e) => PORTAL_EDGES.has(e.kind))) continue;
      explain(edges, (k) => PORTAL_EDGES.has(k));
      // The state the user set on the grid wins (a door opened, a window turned into a door).
      const kinds = new Set(edges.map((e) => KIND_OF_EDGE[e.kind]!));
      const kind: PortalSegmentKind =
        kinds.size === 1 ? ([...kinds][0] as PortalSegmentKind) : kinds.has('door-closed') || (kinds.size === 0 && portal.kind === 'door') ? 'door-closed' : kinds.has('door-open') ? 'door-open' : 'window';
      portals.push({ a: portal.a, b: portal.b, kind, drawn: true });
    }
  }
  for (const s of mapSegments(map, { outline: options.outline, skip })) {
    const a = { x: s.x0, y: s.y0 };
    const b = { x: s.x1, y: s.y1 };
    if (s.kind === 'wall') walls.push({ points: [a, b], outline: s.outline, drawn: false });
    else portals.push({ a, b, kind: s.kind, drawn: false });
  }
  return { walls, portals };
}
