import { Light, RULESETS, Terrain, type BattleMap, type Creature, type Encounter, type MovementMode, type TerrainKind } from '../../model';
import { nextPow2 } from './bucket-queue';
import { kernelMemoryBytes, releaseKernelMemory } from './kernel';
import { footprintSide } from './sizes';
import { variantsFor, type Variant } from './footprint';
import { checkStep, fillsCorner, mapHasEdges, mapIsFlat, rectHasInnerWall, STEPS, StepCheck } from './grid';
import { Going, type GoingClass, type MovePlan, type OccupantRule, type Ruleset, type StepFacts } from './ruleset';

/**
 * The movement search: Dijkstra over states (anchor square × squeeze variant × diagonal parity)
 * with a bucket queue, typed arrays reused between queries, and every cache stamped with a query
 * generation so nothing is cleared or allocated per query. Bounded by the move's budget, it only
 * touches the squares the creature can reach.
 */

const INVALID = -1;

/** How a span [a0, a0+aw) moved to [b0, b0+bw): 0 when one holds the other (it only narrowed or widened). */
function spanMove(a0: number, aw: number, b0: number, bw: number): number {
  if ((b0 >= a0 && b0 + bw <= a0 + aw) || (a0 >= b0 && a0 + aw <= b0 + bw)) return 0;
  return b0 > a0 ? 1 : -1;
}

class Workspace {
  gen = 0;
  stateStamp = new Uint32Array(0);
  dist = new Int32Array(0);
  prev = new Int32Array(0);
  endDist = new Int32Array(0);
  endPrev = new Int32Array(0);
  /** How far a path strays from the straight line to its target (the tie-break between equal costs). */
  tie = new Float64Array(0);
  squareStamp = new Uint32Array(0);
  squareGoing = new Int8Array(0);
  squareResist = new Int8Array(0);
  fpStamp = new Uint32Array(0);
  fpInfo = new Int8Array(0);
  // Per-square results of a query (Arrivals), stamped with their own counter.
  arrivalGen = 0;
  arrivalStamp = new Uint32Array(0);
  arrivalCost = new Int32Array(0);
  arrivalState = new Int32Array(0);
  arrivalEnd = new Uint8Array(0);
  // Bucket queue: a node pool of singly linked lists.
  nodeState = new Int32Array(1024);
  nodeDist = new Int32Array(1024);
  nodeNext = new Int32Array(1024);

  ensure(states: number, squareModes: number, footprints: number): void {
    if (this.stateStamp.length < states) {
      this.stateStamp = new Uint32Array(states);
      this.dist = new Int32Array(states);
      this.prev = new Int32Array(states);
      this.endDist = new Int32Array(states);
      this.endPrev = new Int32Array(states);
      this.tie = new Float64Array(states);
    }
    if (this.squareStamp.length < squareModes) {
      this.squareStamp = new Uint32Array(squareModes);
      this.squareGoing = new Int8Array(squareModes);
      this.squareResist = new Int8Array(squareModes);
    }
    if (this.arrivalStamp.length < squareModes) {
      this.arrivalStamp = new Uint32Array(squareModes);
      this.arrivalCost = new Int32Array(squareModes);
      this.arrivalState = new Int32Array(squareModes);
      this.arrivalEnd = new Uint8Array(squareModes);
    }
    if (this.fpStamp.length < footprints) {
      this.fpStamp = new Uint32Array(footprints);
      this.fpInfo = new Int8Array(footprints);
    }
    this.gen++;
    if (this.gen === 0xffffffff) {
      this.stateStamp.fill(0);
      this.squareStamp.fill(0);
      this.fpStamp.fill(0);
      this.gen = 1;
    }
  }

  /** Gives back every buffer (a Gargantuan run on a big map holds tens of megabytes). */
  release(): void {
    this.stateStamp = new Uint32Array(0);
    this.dist = new Int32Array(0);
    this.prev = new Int32Array(0);
    this.endDist = new Int32Array(0);
    this.endPrev = new Int32Array(0);
    this.squareStamp = new Uint32Array(0);
    this.squareGoing = new Int8Array(0);
    this.squareResist = new Int8Array(0);
    this.fpStamp = new Uint32Array(0);
    this.fpInfo = new Int8Array(0);
    this.arrivalStamp = new Uint32Array(0);
    this.arrivalCost = new Int32Array(0);
    this.arrivalState = new Int32Array(0);
    this.arrivalEnd = new Uint8Array(0);
    this.nodeState = new Int32Array(1024);
    this.nodeDist = new Int32Array(1024);
    this.nodeNext = new Int32Array(1024);
  }

  /** Bytes held by the buffers. */
  bytes(): number {
    return [this.stateStamp, this.dist, this.prev, this.endDist, this.endPrev, this.squareStamp, this.squareGoing, this.squareResist, this.fpStamp, this.fpInfo, this.arrivalStamp, this.arrivalCost, this.arrivalState, this.arrivalEnd, this.nodeState, this.nodeDist, this.nodeNext].reduce((n, a) => n + a.byteLength, 0);
  }

  growNodes(): void {
    const n = this.nodeState.length * 2;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.nodeState = grow(this.nodeState);
    this.nodeDist = grow(this.nodeDist);
    this.nodeNext = grow(this.nodeNext);
  }
}

const workspace = new Workspace();

/**
 * The search keeps its buffers between queries so a query allocates nothing; an editor calls this
 * when no creature's movement is shown any more, so a big search's memory does not stay held.
 * (Arrivals and searches made before must not be used after it.)
 */
export function releaseSearchMemory(): void {
  workspace.release();
  releaseKernelMemory();
}
/** Bytes the search's reusable buffers hold now. */
export function searchMemoryBytes(): number {
  return workspace.bytes() + kernelMemoryBytes();
}

/**
 * The best way found to stand on each square (as the top-left of the creature's footprint): a
 * place to end beats a place to pass, then the lower cost. Backed by the workspace's typed arrays.
 */
export class Arrivals {
  private readonly ws = workspace;
  readonly squares: number[] = [];
  private readonly gen: number;

  constructor() {
    this.ws.arrivalGen++;
    if (this.ws.arrivalGen === 0xffffffff) {
      this.ws.arrivalStamp.fill(0);
      this.ws.arrivalGen = 1;
    }
    this.gen = this.ws.arrivalGen;
  }

  offer(square: number, cost: number, end: boolean, state: number): void {
    const ws = this.ws;
    if (ws.arrivalStamp[square] !== this.gen) {
      ws.arrivalStamp[square] = this.gen;
      this.squares.push(square);
    } else {
      const hadEnd = ws.arrivalEnd[square] === 1;
      if (hadEnd && !end) return;
      if (hadEnd === end && ws.arrivalCost[square]! <= cost) return;
    }
    ws.arrivalCost[square] = cost;
    ws.arrivalEnd[square] = end ? 1 : 0;
    ws.arrivalState[square] = state;
  }
  cost(square: number): number {
    return this.ws.arrivalCost[square]!;
  }
  end(square: number): boolean {
    return this.ws.arrivalEnd[square] === 1;
  }
  state(square: number): number {
    return this.ws.arrivalState[square]!;
  }
}

interface Occupant {
  creature: Creature;
  rule: OccupantRule;
}

/** The straight line from a path's start to its target (anchors), for the tie-break. */
export interface StraightLine {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
}

export interface SearchStart {
  state: number;
  cost: number;
}

/** Everything the search needs about one mover on one map, and the search itself. */
export class MoveSearch {
  readonly map: BattleMap;
  readonly W: number;
  readonly H: number;
  readonly nSq: number;
  readonly side: number;
  readonly variants: Variant[];
  readonly P: number;
  readonly modes: MovementMode[];
  readonly ws = workspace;
  readonly occupants = new Map<number, Occupant[]>();
  readonly others: Creature[];
  private readonly deepWater: number;
  /** The creature fills exactly one square and never squeezes: the fast path applies. */
  private readonly oneSquare: boolean;
  /** Whether any edge holds a wall, door or low obstacle; without any, steps skip edge checks. */
  private readonly edges: boolean;
  /** The ground is level everywhere (no rise or drop of a square's height can occur). */
  readonly flat: boolean;
  private readonly blockadeFills: boolean;
  /** 1 where a creature the mover may not pass stands (see `creatureBlocks`); null when none does. */
  private blockedSquares: Uint8Array | null = null;
  private readonly facts: StepFacts = { diagonal: false, parity: 0, going: Going.clear, squeezed: false, crossesLow: false, resistance: 0, mode: 'walk' };
  /** Filled by `tryStep`. */
  outFall = 0;
  /**
   * Squares reached only by walking off a ledge: the move ends there with a fall (the fall is not a
   * step to go on from). Square index → least cost and the height fallen.
   */
  readonly falls = new Map<number, { cost: number; height: number; state: number; from: number }>();
  outCost = 0;
  outParity = 0;
  /** The state `tryStep` last decoded, and its anchor, square and variant. */
  private fromState = -1;
  private fromAnchor = 0;
  private fromX = 0;
  private fromY = 0;
  private fromVariant = 0;
  outEndCost = -1;
  visited: number[] = [];

  constructor(
    readonly encounter: Encounter,
    readonly mover: Creature,
    readonly rules: Ruleset,
    readonly plan: MovePlan,
  ) {
    this.map = encounter.map;
    this.W = this.map.width;
    this.H = this.map.height;
    this.nSq = this.W * this.H;
    const row = rules.sizes[mover.size];
    if (!row) throw new Error(`${rules.info.name} has no ${mover.size} creatures.`);
    this.side = footprintSide(row, rules.info.squareSize);
    this.variants = variantsFor(this.side, rules.squeezeWidth(this.side));
    this.P = rules.diagonalParity ? 2 : 1;
    this.oneSquare = this.side === 1 && this.variants.length === 1;
    this.edges = mapHasEdges(this.map);
    this.flat = mapIsFlat(this.map, RULESETS[encounter.ruleset].squareSize);
    this.modes = plan.modes;
    // Water at least as deep as a square is tall needs a swim (or fly) speed.
    this.deepWater = RULESETS[encounter.ruleset].squareSize;
    this.blockadeFills = encounter.ruleset === 'startroid';
    this.others = encounter.creatures.filter((c) => c.id !== mover.id);
    for (const other of this.others) {
      const orow = rules.sizes[other.size];
      const oside = orow ? footprintSide(orow, rules.info.squareSize) : 1;
      const occ: Occupant = { creature: other, rule: rules.occupant(mover, other, plan) };
      for (let y = other.y; y < other.y + oside && y < this.H; y++) {
        for (let x = other.x; x < other.x + oside && x < this.W; x++) {
          const i = y * this.W + x;
          const list = this.occupants.get(i);
          if (list) list.push(occ);
          else this.occupants.set(i, [occ]);
        }
      }
    }
    // Squares of creatures it may not pass, for a squeeze past them (read once per squeezed footprint,
    // so a flat array rather than the occupant lists); only kept when it can squeeze and one blocks.
    if (this.variants.length > 1) {
      for (const [i, list] of this.occupants) {
        if (!list.some((o) => o.rule.pass === 'blocked')) continue;
        (this.blockedSquares ??= new Uint8Array(this.nSq))[i] = 1;
      }
    }
    const nStates = this.nSq * this.variants.length * this.P;
    this.ws.ensure(nStates, this.nSq * this.modes.length, this.nSq * this.variants.length * this.modes.length);
  }

  /** Forgets everything a previous `run` found (the caches stay valid only for one round). */
  newRound(): void {
    const ws = this.ws;
    ws.gen++;
    if (ws.gen === 0xffffffff) {
      ws.stateStamp.fill(0);
      ws.squareStamp.fill(0);
      ws.fpStamp.fill(0);
      ws.gen = 1;
    }
  }

  state(anchor: number, variant: number, parity: number): number {
    return (variant * this.nSq + anchor) * this.P + parity;
  }
  anchorOf(state: number): number {
    const a = (state / this.P) | 0;
    return this.variants.length === 1 ? a : a % this.nSq;
  }
  variantOf(state: number): number {
    return this.variants.length === 1 ? 0 : (((state / this.P) | 0) / this.nSq) | 0;
  }
  parityOf(state: number): number {
    return state % this.P;
  }

  /** Going of one square in mode `m` (index into plan.modes), cached for this query. */
  squareGoing(i: number, m: number): number {
    const k = i * this.modes.length + m;
    const ws = this.ws;
    if (ws.squareStamp[k] === ws.gen) return ws.squareGoing[k]!;
    const map = this.map;
    const mode = this.modes[m]!;
    const kind = map.terrain[i] as TerrainKind;
    let g = this.rules.going(kind, mode, kind === Terrain.water && map.waterDepth[i]! >= this.deepWater, map.blockade[i]!);
    // Darkness hampers a move that must see its way like difficult terrain does (the plans that set
    // noDarkness forbid difficult terrain too): epic-path.txt › Run, › 5-Foot Step.
    if (this.plan.noDarkness && g < Going.difficult && map.light[i] === Light.darkness) g = Going.difficult;
    ws.squareStamp[k] = ws.gen;
    ws.squareGoing[k] = g;
    // 6d6.txt › Hidden Movement Resistance: planned with what shows, paid with what is there.
    const hidden = this.plan.truthResistance ? map.hiddenResistance[i]! : 0;
    ws.squareResist[k] = this.rules.resistance(kind, hidden > 0 ? hidden : map.resistance[i]!, mode);
    return g;
  }
  squareResistance(i: number, m: number): number {
    this.squareGoing(i, m);
    return this.ws.squareResist[i * this.modes.length + m]!;
  }

  /**
   * Worst going over a footprint in mode m, or INVALID when it does not fit there (off the map,
   * blocked, a wall through it). Cached per anchor, variant and mode.
   */
  footprintGoing(anchor: number, v: number, m: number): number {
    // Every variant and mode of one anchor side by side: the search asks for them together.
    const k = (anchor * this.variants.length + v) * this.modes.length + m;
    const ws = this.ws;
    if (ws.fpStamp[k] === ws.gen) return ws.fpInfo[k]!;
    const variant = this.variants[v]!;
    const ax = anchor % this.W;
    const ay = (anchor - ax) / this.W;
    const x0 = ax + variant.ox;
    const y0 = ay + variant.oy;
    let worst: number = Going.clear;
    // A creature squeezes only where its whole space does not fit (d20-srd-35.txt › Squeezing:
    // "an area that isn't as wide as the space you take up").
    if (variant.squeezed && this.fullSpaceFitsAround(x0, y0, variant, m)) worst = INVALID;
    else if (x0 < 0 || y0 < 0 || x0 + variant.w > this.W || y0 + variant.h > this.H) worst = INVALID;
    else {
      for (let y = y0; y < y0 + variant.h && worst !== INVALID; y++) {
        for (let x = x0; x < x0 + variant.w; x++) {
          const g = this.squareGoing(y * this.W + x, m);
          if (g === Going.blocked) {
            worst = INVALID;
            break;
          }
          if (g > worst) worst = g;
        }
      }
      if (worst !== INVALID && this.edges && (variant.w > 1 || variant.h > 1) && rectHasInnerWall(this.map, x0, y0, variant.w, variant.h)) worst = INVALID;
    }
    ws.fpStamp[k] = ws.gen;
    ws.fpInfo[k] = worst;
    return worst;
  }

  /**
   * Whether the creature's whole space fits anywhere covering a band: then it need not squeeze. An
   * opponent it may not pass narrows the way like a wall does (d20-srd-35.txt › Squeezing: "A creature
   * can squeeze past an opponent while moving"), unless `terrainOnly`.
   */
  private fullSpaceFitsAround(x0: number, y0: number, band: Variant, m: number, terrainOnly = false): boolean {
    const slack = this.side - Math.min(band.w, band.h);
    const across = band.w >= band.h;
    for (let k = 0; k <= slack; k++) {
      const fx = across ? x0 : x0 - k;
      const fy = across ? y0 - k : y0;
      if (fx < 0 || fy < 0 || fx + this.side > this.W || fy + this.side > this.H) continue;
      if (this.footprintGoing(fy * this.W + fx, 0, m) !== INVALID && (terrainOnly || !this.creatureBlocks(fx, fy))) return true;
    }
    return false;
  }

  /** A creature the mover may not pass stands in the whole space at (x, y). */
  private creatureBlocks(x: number, y: number): boolean {
    const blocked = this.blockedSquares;
    if (!blocked) return false;
    for (let yy = y; yy < y + this.side; yy++) {
      for (let xx = x; xx < x + this.side; xx++) if (blocked[yy * this.W + xx]) return true;
    }
    return false;
  }

  /**
   * The state is squeezed only because a creature narrows the way (the ground would take its whole
   * space): it is squeezing past an opponent, and "can't end its movement in an occupied square"
   * (d20-srd-35.txt › Squeezing) — its space still spans the opponent's square.
   */
  squeezedPastCreature(state: number): boolean {
    const v = this.variants[this.variantOf(state)]!;
    if (!v.squeezed) return false;
    const anchor = this.anchorOf(state);
    const ax = anchor % this.W;
    const x0 = ax + v.ox;
    const y0 = (anchor - ax) / this.W + v.oy;
    for (let m = 0; m < this.modes.length; m++) if (this.fullSpaceFitsAround(x0, y0, v, m, true)) return true;
    return false;
  }

  /** The squares a state's footprint fills. */
  rectOf(state: number): { x: number; y: number; w: number; h: number } {
    const anchor = this.anchorOf(state);
    const v = this.variants[this.variantOf(state)]!;
    const ax = anchor % this.W;
    return { x: ax + v.ox, y: (anchor - ax) / this.W + v.oy, w: v.w, h: v.h };
  }

  /** Map index of the top-left square a state's footprint fills. */
  rectIndex(state: number): number {
    const anchor = this.anchorOf(state);
    const v = this.variants[this.variantOf(state)]!;
    return anchor + v.oy * this.W + v.ox;
  }

  /** The ground under a rectangle: its highest square, in the length unit. */
  groundUnder(x0: number, y0: number, w: number, h: number): number {
    let top = -Infinity;
    const e = this.map.elevation;
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) top = Math.max(top, e[y * this.W + x]!);
    return top;
  }

  /**
   * Ground rising or dropping by a square's height or more between two positions: a walker cannot go
   * up it and falls going down; a climber climbs it (one square of movement per square of height);
   * a flyer does not touch the ground. Returns extra cost, -1 when blocked, and sets outFall.
   */
  private ledge(rise: number, mode: MovementMode): number {
    const square = this.deepWater;
    if (mode === 'fly' || Math.abs(rise) < square) return 0;
    if (mode === 'climb') return Math.ceil(Math.abs(rise) / square);
    if (rise > 0) return -1;
    this.outFall = -rise;
    return 0;
  }

  /** Creatures sharing any square of a rectangle. */
  occupantsIn(x0: number, y0: number, w: number, h: number): Occupant[] {
    if (this.occupants.size === 0) return [];
    const out: Occupant[] = [];
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + w; x++) {
        const list = this.occupants.get(y * this.W + x);
        if (list) for (const o of list) if (!out.includes(o)) out.push(o);
      }
    }
    return out;
  }

  /**
   * Prices one step from `from` (a state) by (dx, dy) into variant v2. On success sets outCost,
   * outParity and outEndCost (the cost when the move must squeeze to end there, or -1), and
   * returns true. In phases, each of which may refuse the step: `enter` (does the space fit there,
   * and may it get there past walls, corners and obstacles), `occupancy` (the creatures in the way),
   * then `price` (per movement mode: the ledge, the going, the ruleset's cost).
   */
  tryStep(from: number, spent: number, dx: number, dy: number, v2: number, first: boolean): boolean {
    if (this.oneSquare) {
      const anchor = (from / this.P) | 0;
      const ax = anchor % this.W;
      return this.tryStepOneSquare(from, anchor, ax, (anchor - ax) / this.W, spent, dx, dy, first);
    }
    const W = this.W;
    // The search tries some 25 steps from each state: decode it once.
    if (from !== this.fromState) {
      this.fromState = from;
      this.fromAnchor = this.anchorOf(from);
      this.fromX = this.fromAnchor % W;
      this.fromY = (this.fromAnchor - this.fromX) / W;
      this.fromVariant = this.variantOf(from);
    }
    // Most steps tried fail here, cheaply (cached): does the creature fit there at all, in some mode?
    const bx = this.fromX + dx;
    const by = this.fromY + dy;
    if (bx < 0 || by < 0 || bx >= W || by >= this.H) return false;
    const to = by * W + bx;
    let fits = false;
    for (let m = 0; m < this.modes.length && !fits; m++) fits = this.footprintGoing(to, v2, m) !== INVALID;
    if (!fits) return false;
    if (!this.enter(bx, by, dx, dy, v2)) return false;
    if (!this.occupancy()) return false;
    return this.price(from & (this.P - 1), v2, spent, first);
  }

  // The step `tryStep` is pricing, as its phases leave it: the squares filled before (f) and after (t),
  // the anchor entered, how the space moved along each axis, and what the step crosses.
  private stepTo = 0;
  private fx0 = 0;
  private fy0 = 0;
  private fw = 0;
  private fh = 0;
  private tx0 = 0;
  private ty0 = 0;
  private tw = 0;
  private th = 0;
  private stepDiagonal = false;
  private stepSqueezed = false;
  private stepCrossesLow = false;
  private stepPass: OccupantRule['pass'] = 'free';
  private stepResist = 0;
  private stepSqueezeToEnd = false;

  /**
   * Phase 1 (after `tryStep`'s cheap test that the space fits there): the step is one square (or a
   * squeezed band turning where it stands), and every newly entered square can be stepped into from
   * the square beside it — no wall or closed door between, no diagonal past a filled corner; a low
   * obstacle crossed is noted.
   */
  private enter(bx: number, by: number, dx: number, dy: number, v2: number): boolean {
    const W = this.W;
    const va = this.variants[this.fromVariant]!;
    const vb = this.variants[v2]!;
    // Filled rectangles before and after.
    const fx0 = this.fromX + va.ox;
    const fy0 = this.fromY + va.oy;
    const tx0 = bx + vb.ox;
    const ty0 = by + vb.oy;
    if (tx0 < 0 || ty0 < 0 || tx0 + vb.w > W || ty0 + vb.h > this.H) return false;
    // d20-srd-35.txt › Squeezing: turning a squeezed band from across to along is a step of its own
    // (the band pivots on a square it keeps); any other step moves the band or space one square.
    const turn = va.squeezed && vb.squeezed && va !== vb;
    if (turn) {
      if (tx0 >= fx0 + va.w || fx0 >= tx0 + vb.w || ty0 >= fy0 + va.h || fy0 >= ty0 + vb.h) return false;
    } else if (dx === 0 && dy === 0) return false;
    // Squeezing into a band (or out of it) narrows (or widens) the space along one axis: along that
    // axis the creature has not moved, so a step east into a corridor lower in its space is no diagonal.
    const mx = turn ? 0 : spanMove(fx0, va.w, tx0, vb.w);
    const my = turn ? 0 : spanMove(fy0, va.h, ty0, vb.h);
    if (!turn && mx === 0 && my === 0) return false;
    const diagonal = mx !== 0 && my !== 0;

    // Every newly entered square's own step must be open (when turning: from a square next to it
    // that the creature keeps).
    let crossesLow = false;
    // Without walls, doors or low obstacles on the map a straight step has nothing to cross.
    let plain = !this.edges && !turn && !diagonal;
    if (!this.edges && !turn && diagonal) {
      // checkStep without edges, for each newly entered square: no diagonal past a filled corner.
      const map = this.map;
      for (let y = ty0; y < ty0 + vb.h; y++) {
        for (let x = tx0; x < tx0 + vb.w; x++) {
          if (x >= fx0 && x < fx0 + va.w && y >= fy0 && y < fy0 + va.h) continue;
          const sx = x - mx;
          const sy = y - my;
          if (sx < 0 || sy < 0 || sx >= W || sy >= this.H) return false;
          if (fillsCorner(map, sy * W + x, this.blockadeFills) || fillsCorner(map, y * W + sx, this.blockadeFills)) return false;
        }
      }
      plain = true;
    }
    for (let y = ty0; y < ty0 + vb.h && !plain; y++) {
      for (let x = tx0; x < tx0 + vb.w; x++) {
        if (x >= fx0 && x < fx0 + va.w && y >= fy0 && y < fy0 + va.h) continue;
        if (turn) {
          let best: number = StepCheck.blocked;
          for (let k = 0; k < 4; k++) {
            const sx = x - STEPS[k]![0];
            const sy = y - STEPS[k]![1];
            if (!(sx >= fx0 && sx < fx0 + va.w && sy >= fy0 && sy < fy0 + va.h)) continue;
            const c = checkStep(this.map, sx, sy, x - sx, y - sy, this.blockadeFills, this.edges);
            if (c < best) best = c;
          }
          if (best === StepCheck.blocked) return false;
          if (best === StepCheck.crossesLow) crossesLow = true;
          continue;
        }
        const sx = x - mx;
        const sy = y - my;
        if (sx < 0 || sy < 0 || sx >= W || sy >= this.H) return false;
        const check = checkStep(this.map, sx, sy, mx, my, this.blockadeFills, this.edges);
        if (check === StepCheck.blocked) return false;
        if (check === StepCheck.crossesLow) crossesLow = true;
      }
    }
    this.stepTo = by * W + bx;
    this.fx0 = fx0;
    this.fy0 = fy0;
    this.fw = va.w;
    this.fh = va.h;
    this.tx0 = tx0;
    this.ty0 = ty0;
    this.tw = vb.w;
    this.th = vb.h;
    this.stepDiagonal = diagonal;
    this.stepSqueezed = vb.squeezed;
    this.stepCrossesLow = crossesLow;
    return true;
  }

  /**
   * Phase 2: the creatures whose squares the step enters (a blocking one refuses it; others are passed
   * freely, by squeezing or as rough terrain, 6d6's with their resistance), those it leaves (6d6:
   * resistance on leaving), and whether ending there needs a squeeze (Epic Path: sharing a space).
   */
  private occupancy(): boolean {
    this.stepPass = 'free';
    this.stepResist = 0;
    this.stepSqueezeToEnd = false;
    if (!this.occupants.size) return true;
    const W = this.W;
    const { fx0, fy0, fw, fh, tx0, ty0, tw, th } = this;
    let pass: OccupantRule['pass'] = 'free';
    let resistEnter = 0;
    let resistLeave = 0;
    let squeezeToEnd = false;
    for (let y = ty0; y < ty0 + th; y++) {
      for (let x = tx0; x < tx0 + tw; x++) {
        const list = this.occupants.get(y * W + x);
        if (!list) continue;
        if (list.some((o) => o.rule.end === 'squeeze')) squeezeToEnd = true;
        if (x >= fx0 && x < fx0 + fw && y >= fy0 && y < fy0 + fh) continue;
        for (const o of list) {
          if (o.rule.pass === 'blocked') return false;
          if (o.rule.pass === 'squeeze' || (o.rule.pass === 'rough' && pass === 'free')) pass = o.rule.pass;
          resistEnter = Math.max(resistEnter, o.rule.resistEnter);
        }
      }
    }
    for (let y = fy0; y < fy0 + fh; y++) {
      for (let x = fx0; x < fx0 + fw; x++) {
        const list = this.occupants.get(y * W + x);
        if (list) for (const o of list) resistLeave = Math.max(resistLeave, o.rule.resistLeave);
      }
    }
    this.stepPass = pass;
    this.stepResist = resistEnter + resistLeave;
    this.stepSqueezeToEnd = squeezeToEnd;
    return true;
  }

  /**
   * Phase 3: the step in every usable mode — the ledge it climbs or drops (`ledge`), the going of the
   * squares that count (all it fills, or only those newly entered), 6d6's resistance — keeping the
   * cheapest its own speed still allows (`keepCheapest`).
   */
  private price(parity: number, v2: number, spent: number, first: boolean): boolean {
    const W = this.W;
    const plan = this.plan;
    const { fx0, fy0, fw, fh, tx0, ty0, tw, th } = this;
    const pass = this.stepPass;
    this.outCost = -1;
    this.outEndCost = -1;
    this.outFall = 0;
    const facts = this.facts;
    const rise = this.flat ? 0 : this.groundUnder(tx0, ty0, tw, th) - this.groundUnder(fx0, fy0, fw, fh);
    for (let m = 0; m < this.modes.length; m++) {
      const fp = this.footprintGoing(this.stepTo, v2, m);
      if (fp === INVALID) continue;
      const climb = rise === 0 ? 0 : this.ledge(rise, this.modes[m]!);
      if (climb < 0) continue;
      let going = fp;
      let resistance = 0;
      if (this.rules.bigCreatureGoing === 'entered' || plan.unit === 'mr') {
        let entered: number = Going.clear;
        for (let y = ty0; y < ty0 + th; y++) {
          for (let x = tx0; x < tx0 + tw; x++) {
            if (x >= fx0 && x < fx0 + fw && y >= fy0 && y < fy0 + fh) continue;
            const i = y * W + x;
            const g = this.squareGoing(i, m);
            if (g > entered) entered = g;
            const r = this.squareResistance(i, m);
            if (r > resistance) resistance = r;
          }
        }
        if (this.rules.bigCreatureGoing === 'entered') going = entered;
      }
      if (pass === 'rough' && going < Going.difficult && this.modes[m] !== 'fly') going = Going.difficult;
      if (going === Going.impeded && !plan.allowImpeded) continue;
      if (going >= Going.difficult && plan.noDifficult) continue;
      facts.diagonal = this.stepDiagonal;
      facts.parity = parity;
      facts.going = (pass === 'squeeze' && going < Going.difficult ? Going.difficult : going) as GoingClass;
      facts.squeezed = this.stepSqueezed;
      facts.crossesLow = this.stepCrossesLow;
      facts.resistance = resistance + this.stepResist + (first ? plan.encumbrance : 0);
      facts.mode = this.modes[m]!;
      this.keepCheapest(m, spent, climb, this.stepSqueezeToEnd);
    }
    return this.outCost >= 0;
  }

  /**
   * Prices the step described by `facts` in mode m and keeps it when it is the cheapest so far that
   * the mode's own speed still allows; also the cost of ending there squeezed, when that is needed.
   */
  private keepCheapest(m: number, spent: number, climb: number, squeezeToEnd: boolean): void {
    const plan = this.plan;
    const facts = this.facts;
    // A move kept off difficult terrain is kept off obstacles between squares too (see MovePlan.noDifficult).
    if (facts.crossesLow && plan.noDifficult && facts.mode !== 'fly') return;
    const packed = this.rules.stepCost(facts, plan);
    if (packed < 0) return;
    const cost = (packed >> 1) + climb;
    const limit = plan.modeBudgets[m]!;
    if (!plan.ignoreCost && spent + cost > limit) return;
    if (this.outCost < 0 || cost < this.outCost) {
      this.outCost = cost;
      this.outParity = packed & 1;
    }
    if (!squeezeToEnd) return;
    let endCost = cost;
    if (facts.going < Going.difficult) {
      facts.going = Going.difficult;
      const asSqueeze = this.rules.stepCost(facts, plan);
      endCost = asSqueeze < 0 ? -1 : (asSqueeze >> 1) + climb;
    }
    if (endCost >= 0 && (plan.ignoreCost || spent + endCost <= limit) && (this.outEndCost < 0 || endCost < this.outEndCost)) this.outEndCost = endCost;
  }

  /**
   * `tryStep` for the common case of a creature that fills exactly one square: the same rules with
   * no footprint loops, so the search stays fast on big maps.
   */
  tryStepOneSquare(from: number, anchor: number, ax: number, ay: number, spent: number, dx: number, dy: number, first: boolean): boolean {
    const W = this.W;
    const P = this.P;
    const bx = ax + dx;
    const by = ay + dy;
    if (bx < 0 || by < 0 || bx >= W || by >= this.H) return false;
    const to = by * W + bx;
    const check = checkStep(this.map, ax, ay, dx, dy, this.blockadeFills, this.edges);
    if (check === StepCheck.blocked) return false;
    const plan = this.plan;
    let pass: OccupantRule['pass'] = 'free';
    let resistEnter = 0;
    let resistLeave = 0;
    let squeezeToEnd = false;
    if (this.occupants.size) {
      const entering = this.occupants.get(to);
      if (entering) {
        for (const o of entering) {
          if (o.rule.pass === 'blocked') return false;
          if (o.rule.pass === 'squeeze' || (o.rule.pass === 'rough' && pass === 'free')) pass = o.rule.pass;
          if (o.rule.end === 'squeeze') squeezeToEnd = true;
          if (o.rule.resistEnter > resistEnter) resistEnter = o.rule.resistEnter;
        }
      }
      const leaving = this.occupants.get(anchor);
      if (leaving) for (const o of leaving) if (o.rule.resistLeave > resistLeave) resistLeave = o.rule.resistLeave;
    }
    const facts = this.facts;
    facts.diagonal = dx !== 0 && dy !== 0;
    facts.parity = from % P;
    facts.squeezed = false;
    facts.crossesLow = check === StepCheck.crossesLow;
    this.outCost = -1;
    this.outEndCost = -1;
    this.outFall = 0;
    const rise = this.flat ? 0 : this.map.elevation[to]! - this.map.elevation[anchor]!;
    for (let m = 0; m < this.modes.length; m++) {
      let going = this.squareGoing(to, m);
      if (going === Going.blocked) continue;
      // A dead creature's square is rough terrain to walk into (epic-path.txt › Squeezing).
      if (pass === 'rough' && going < Going.difficult && this.modes[m] !== 'fly') going = Going.difficult;
      if (going === Going.impeded && !plan.allowImpeded) continue;
      if (going >= Going.difficult && plan.noDifficult) continue;
      const climb = rise === 0 ? 0 : this.ledge(rise, this.modes[m]!);
      if (climb < 0) continue;
      facts.going = (pass === 'squeeze' && going < Going.difficult ? Going.difficult : going) as GoingClass;
      facts.resistance = plan.unit === 'mr' ? this.squareResistance(to, m) + resistEnter + resistLeave + (first ? plan.encumbrance : 0) : 0;
      facts.mode = this.modes[m]!;
      this.keepCheapest(m, spent, climb, squeezeToEnd);
    }
    return this.outCost >= 0;
  }

  /** The start state: where the creature stands (squeezed if it must be). */
  startState(parity: number): number | null {
    // The creature stands in the box of its space; squeezed, in a band inside that box.
    const { x, y } = this.mover;
    for (let v = 0; v < this.variants.length; v++) {
      const band = this.variants[v]!;
      for (let k = 0; k <= this.side - Math.min(band.w, band.h); k++) {
        const bx = band.w >= band.h ? x : x + k;
        const by = band.w >= band.h ? y + k : y;
        if (bx >= this.W || by >= this.H) continue;
        const anchor = by * this.W + bx;
        for (let m = 0; m < this.modes.length; m++) {
          if (this.footprintGoing(anchor, v, m) !== INVALID) return this.state(anchor, v, parity % this.P);
        }
        if (!band.squeezed) break;
      }
    }
    return null;
  }

  dist(state: number): number {
    return this.ws.stateStamp[state] === this.ws.gen ? this.ws.dist[state]! : -1;
  }
  endDist(state: number): number {
    return this.ws.stateStamp[state] === this.ws.gen ? this.ws.endDist[state]! : -1;
  }
  prev(state: number): number {
    return this.ws.prev[state]!;
  }
  endPrev(state: number): number {
    return this.ws.endPrev[state]!;
  }

  /**
   * Runs the search from `starts` up to `limit` cost units (or one square for single-square
   * moves). Afterwards `dist`, `endDist`, `prev` describe every state reached, listed in `visited`.
   */
  run(starts: SearchStart[], limit: number, stopAt = -1, line: StraightLine | null = null): void {
    const ws = this.ws;
    const gen = ws.gen;
    const plan = this.plan;
    const B = nextPow2(this.rules.maxStepCost(plan) + 1);
    const mask = B - 1;
    const heads = new Int32Array(B).fill(-1);
    let nodes = 0;
    let queued = 0;
    this.visited = [];
    this.falls.clear();
    const push = (state: number, d: number) => {
      if (nodes >= ws.nodeState.length) ws.growNodes();
      ws.nodeState[nodes] = state;
      ws.nodeDist[nodes] = d;
      const b = d & mask;
      ws.nodeNext[nodes] = heads[b]!;
      heads[b] = nodes;
      nodes++;
      queued++;
    };
    const startSet = new Set<number>();
    for (const s of starts) {
      if (ws.stateStamp[s.state] !== gen) {
        ws.stateStamp[s.state] = gen;
        ws.dist[s.state] = s.cost;
        ws.prev[s.state] = -1;
        ws.endDist[s.state] = s.cost;
        ws.endPrev[s.state] = -1;
        ws.tie[s.state] = 0;
        this.visited.push(s.state);
        push(s.state, s.cost);
        startSet.add(s.state);
      }
    }
    let current = starts.length ? Math.min(...starts.map((s) => s.cost)) : 0;
    const V = this.variants.length;
    while (queued > 0) {
      let b = current & mask;
      while (heads[b] === -1) {
        current++;
        b = current & mask;
      }
      const node = heads[b]!;
      heads[b] = ws.nodeNext[node]!;
      queued--;
      const s = ws.nodeState[node]!;
      const d = ws.nodeDist[node]!;
      if (d !== ws.dist[s]) continue;
      if (s === stopAt) break;
      const isStart = ws.prev[s] === -1 && startSet.has(s);
      if (plan.singleSquare && !isStart) continue;
      if (d > limit) break;
      // d20 parity: standing on a square with the next diagonal cheap (parity 0) at cost d is at
      // least as good as parity 1 at cost d; parity 1 at d is as good as parity 0 at d + 1. A state
      // beaten that way has nothing new to offer.
      if (this.P === 2) {
        const twin = s ^ 1;
        if (ws.stateStamp[twin] === gen) {
          const td = ws.dist[twin]!;
          if ((s & 1) === 1 ? td <= d : td + 1 <= d) continue;
        }
      }
      const anchor = this.anchorOf(s);
      const ax = anchor % this.W;
      const ay = (anchor - ax) / this.W;
      // The ninth "step" (0, 0) is a squeezed creature turning its band where it stands.
      const directions = V > 1 && this.variants[this.variantOf(s)]!.squeezed ? 9 : 8;
      for (let k = 0; k < directions; k++) {
        const dx = k < 8 ? STEPS[k]![0] : 0;
        const dy = k < 8 ? STEPS[k]![1] : 0;
        for (let v2 = 0; v2 < V; v2++) {
          if (!(this.oneSquare ? this.tryStepOneSquare(s, anchor, ax, ay, d, dx, dy, isStart) : this.tryStep(s, d, dx, dy, v2, isStart))) continue;
          const nd = d + this.outCost;
          if (nd > limit && !plan.ignoreCost) continue;
          const anchor2 = anchor + dy * this.W + dx;
          if (this.outFall > 0) {
            const key = anchor2 + this.variants[v2]!.oy * this.W + this.variants[v2]!.ox;
            const known = this.falls.get(key);
            const t0 = (v2 * this.nSq + anchor2) * this.P;
            if (!known || nd < known.cost) this.falls.set(key, { cost: nd, height: this.outFall, state: t0, from: s });
            continue;
          }
          const t = (v2 * this.nSq + anchor2) * this.P + (this.outParity & (this.P - 1));
          const endCost = this.outEndCost >= 0 ? d + this.outEndCost : -1;
          // Among paths of equal cost, the one that strays least from the straight line to the target
          // looks straight (no zig-zag where diagonals cost the same as straight steps). Costs never
          // change for it: it only picks between equal ones.
          const tie = line ? ws.tie[s]! + Math.abs((ax + dx - line.x0) * line.dy - (ay + dy - line.y0) * line.dx) : 0;
          if (ws.stateStamp[t] !== gen) {
            ws.stateStamp[t] = gen;
            ws.dist[t] = nd;
            ws.prev[t] = s;
            ws.tie[t] = tie;
            ws.endDist[t] = endCost >= 0 ? endCost : 0x3fffffff;
            ws.endPrev[t] = s;
            this.visited.push(t);
            push(t, nd);
          } else {
            if (nd < ws.dist[t]!) {
              ws.dist[t] = nd;
              ws.prev[t] = s;
              ws.tie[t] = tie;
              push(t, nd);
            } else if (line && nd === ws.dist[t]! && tie < ws.tie[t]!) {
              ws.prev[t] = s;
              ws.tie[t] = tie;
            }
            if (endCost >= 0 && endCost < ws.endDist[t]!) {
              ws.endDist[t] = endCost;
              ws.endPrev[t] = s;
            }
          }
        }
      }
    }
  }
}
