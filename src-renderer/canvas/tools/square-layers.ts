import type { Command } from '../../../src-shared/commands';
import { Blockade, layerReadBy, Light, RULESETS, Surface, SURFACE_NAMES, Terrain, TERRAIN_LABELS, TERRAIN_NAMES, type Encounter, type RulesetId } from '../../../src-shared/model';
import { Going } from '../../../src-shared/rules/engine/ruleset';
import { RULESET_IMPLEMENTATIONS } from '../../../src-shared/rules/registry';
import { terrainCss } from '../../ui/palette';

/**
 * The map layers the square tools paint (brush, rectangle, line, fill, eraser, eyedropper), one
 * entry each. The tools, the layer picker, the legend and the inspector all read this table, so a
 * new per-square layer of the model (a light level, say) is one entry here.
 */
export interface LayerOption {
  value: number;
  /** The ruleset's words for it ("movement resistance 3", "Blocking blockade"). */
  label: string;
  /** Its colour on the map and in the legend. */
  color: string;
  /** What it means to a walker in this ruleset ("difficult terrain", "movement resistance 2"). */
  note?: string;
}

const GOING_WORDS: Record<number, string> = {
  [Going.clear]: 'clear going',
  [Going.difficult]: 'difficult terrain',
  [Going.impeded]: 'impeded: a full-round action a square',
  [Going.blocked]: 'blocks movement',
};

/**
 * What a terrain kind means to a walker, from the ruleset's own engine: its going, and for 6d6 the
 * movement resistance (6d6.txt › Movement Resistance per 5' square).
 */
export function terrainMeaning(ruleset: RulesetId, kind: number): string {
  const rules = RULESET_IMPLEMENTATIONS[ruleset];
  const going = rules.going(kind as (typeof Terrain)[keyof typeof Terrain], 'walk', false, 0);
  if (going === Going.blocked || ruleset !== '6d6') return GOING_WORDS[going] ?? '';
  return `movement resistance ${rules.resistance(kind as (typeof Terrain)[keyof typeof Terrain], 0, 'walk')}`;
}

export interface SquareLayer {
  /** The `MapLayers` array it paints. */
  id: string;
  label: string;
  /** For the tooltip and legend: what the layer means in play. */
  about: (ruleset: RulesetId) => string;
  /** Whether this ruleset uses the layer (6d6 movement resistance, Startroid blockades). */
  available: (ruleset: RulesetId) => boolean;
  /** Fixed values to pick from, or a length in the ruleset's unit (with set / raise / lower / smooth). */
  values: { kind: 'choice'; options: (ruleset: RulesetId) => LayerOption[] } | { kind: 'length'; min: number; max: number; color: string };
  /** What the eraser leaves. */
  erased: number;
  /**
   * The commands that write these values (one per index, or one for all). Most layers write only
   * themselves; water also makes its squares water terrain, and drying them makes them normal.
   */
  write?: (d: Encounter, indices: ArrayLike<number>, values: number[]) => Command[];
}

/** 6d6 movement resistance 1 (open ground) to 7, from pale to dark. */
const RESISTANCE_COLORS = ['#f4e7a1', '#ecc86b', '#e09f4a', '#cf7438', '#b24a34', '#8a2f3c', '#5e2145'];
export const SURFACE_COLORS: Record<number, string> = {
  [Surface.normal]: 'transparent',
  [Surface.jagged]: '#b03a2e',
  [Surface.stone]: '#5d6d7e',
  [Surface.soft]: '#58a55c',
  [Surface.yielding]: '#9a7b4f',
};
export const BLOCKADE_COLORS: Record<number, string> = { [Blockade.none]: 'transparent', [Blockade.blocking]: '#8b1e1e', [Blockade.cleared]: '#d0852f' };

/** Light levels: bright is unpainted; dim a grey-blue veil, darkness a deep one (drawn by layers/light.ts). */
export const LIGHT_COLORS: Record<number, string> = { [Light.bright]: 'transparent', [Light.dim]: 'rgba(40, 44, 80, 0.3)', [Light.darkness]: 'rgba(14, 14, 32, 0.7)' };
/** Legend swatches: the veils as they look over normal ground, opaque so they read on the panel. */
const LIGHT_SWATCHES: Record<number, string> = { [Light.bright]: 'transparent', [Light.dim]: '#a9a4a1', [Light.darkness]: '#4d4b51' };
/** Hidden movement resistance, drawn as a dashed purple box with "?n" (layers/square-marks.ts). */
export const HIDDEN_RESISTANCE_COLOR = '#7b3fa0';

const SURFACE_LABELS: Record<string, string> = {
  normal: 'Normal ground',
  jagged: 'Jagged (+2 per die)',
  stone: 'Stone, broken trunks (+1 per die)',
  soft: 'Soft loam, deep grass (−1 per die)',
  yielding: 'Yielding: mud, soft ground',
};

const everywhere = () => true;

export const SQUARE_LAYERS: readonly SquareLayer[] = [
  {
    id: 'terrain',
    label: 'Terrain',
    about: () => 'What the square is made of: how it costs movement.',
    available: everywhere,
    values: {
      kind: 'choice',
      options: (r) => TERRAIN_NAMES.map((name) => ({ value: Terrain[name], label: TERRAIN_LABELS[name], color: terrainCss(Terrain[name]), note: terrainMeaning(r, Terrain[name]) })),
    },
    erased: Terrain.normal,
  },
  {
    id: 'elevation',
    label: 'Elevation',
    about: (r) => `Ground height in ${unitWord(r)}: lighter is higher, a contour line every ${RULESETS[r].squareSize} ${unitWord(r)} (a square's height), a red dashed ledge where the drop is a square or more.`,
    available: everywhere,
    values: { kind: 'length', min: -10000, max: 10000, color: 'rgba(255, 255, 255, 0.55)' },
    erased: 0,
  },
  {
    id: 'waterDepth',
    label: 'Water depth',
    about: (r) => `Depth of water in ${unitWord(r)}; painting a depth makes the square water, erasing it dries the square.`,
    available: everywhere,
    values: { kind: 'length', min: 0, max: 10000, color: terrainCss(Terrain.water) },
    erased: 0,
    write(d, indices, values) {
      // A depth on dry land is water; a water square drained to nothing is normal ground.
      const terrain = Array.from(indices, (i, k) => {
        const depth = values.length === 1 ? values[0]! : values[k]!;
        const now = d.map.terrain[i]!;
        return depth > 0 ? Terrain.water : now === Terrain.water ? Terrain.normal : now;
      });
      return [
        { type: 'setSquares', layer: 'waterDepth', indices, values },
        { type: 'setSquares', layer: 'terrain', indices, values: terrain },
      ];
    },
  },
  {
    id: 'surface',
    label: 'Surface',
    // epic-path.txt › Falling: jagged +2 per die, broken trunks or solid stone +1, soft loam −1; yielding surfaces.
    about: (r) => (r === 'epic-path' ? 'What a falling creature lands on (epic-path.txt › Falling).' : `What a falling creature lands on; ${RULESETS[r].name} has no surface modifiers for falls, so it is kept for other rulesets.`),
    available: everywhere,
    values: { kind: 'choice', options: () => SURFACE_NAMES.map((name) => ({ value: Surface[name], label: SURFACE_LABELS[name]!, color: SURFACE_COLORS[Surface[name]]! })) },
    erased: Surface.normal,
  },
  {
    id: 'resistance',
    label: 'Movement resistance',
    // 6d6.txt › Movement Resistance: each 5' square has a movement resistance; flat ground is one.
    about: () => 'Movement resistance painted on the square (6d6.txt › Movement Resistance); unpainted squares take it from their terrain.',
    available: (r) => layerReadBy('resistance', r),
    values: {
      kind: 'choice',
      options: () => [
        { value: 0, label: 'From the terrain', color: 'transparent' },
        ...RESISTANCE_COLORS.map((color, i) => ({ value: i + 1, label: `Movement resistance ${i + 1}`, color })),
      ],
    },
    erased: 0,
  },
  {
    id: 'blockade',
    label: 'Blockade',
    // startroid.txt › Blockades: blocking terrain; cleared once it is difficult, twice normal.
    about: () => 'A demo blockade (startroid.txt › Blockades): blocking until cleared, then difficult terrain; clearing it again removes it.',
    available: (r) => layerReadBy('blockade', r),
    values: {
      kind: 'choice',
      options: () => [
        { value: Blockade.none, label: 'No blockade', color: 'transparent' },
        { value: Blockade.blocking, label: 'Blockade: blocking', color: BLOCKADE_COLORS[Blockade.blocking]! },
        { value: Blockade.cleared, label: 'Blockade: cleared once (difficult)', color: BLOCKADE_COLORS[Blockade.cleared]! },
      ],
    },
    erased: Blockade.none,
  },
  {
    id: 'light',
    label: 'Light',
    // epic-path.txt › Run: "Characters may not use the 'run' action if they cannot see"; › 5-Foot Step.
    about: () => 'Light on the square (Epic Path › Run, › 5-Foot Step): a creature whose whole space is in darkness, or a blinded one, cannot see, so it may not run or take a 5-foot step.',
    available: (r) => layerReadBy('light', r),
    values: {
      kind: 'choice',
      options: () => [
        { value: Light.bright, label: 'Bright light', color: LIGHT_SWATCHES[Light.bright]!, note: 'runs and 5-foot steps allowed' },
        { value: Light.dim, label: 'Dim light', color: LIGHT_SWATCHES[Light.dim]!, note: 'it can still see' },
        { value: Light.darkness, label: 'Darkness', color: LIGHT_SWATCHES[Light.darkness]!, note: 'no run, no 5-foot step' },
      ],
    },
    erased: Light.bright,
  },
  {
    id: 'hiddenResistance',
    label: 'Hidden movement resistance',
    // 6d6.txt › Hidden Movement Resistance: "hazards may be hidden, such as the level snow hiding the deep ditch".
    about: () =>
      "Movement resistance hidden on the square, such as a ditch under level snow (6d6 RPG › Hidden Movement Resistance): a mover plans with what it sees and pays this when it moves in, unless it knows the hidden resistance (the creature panel's option).",
    available: (r) => layerReadBy('hiddenResistance', r),
    values: {
      kind: 'choice',
      options: () => [
        { value: 0, label: 'Nothing hidden', color: 'transparent' },
        ...RESISTANCE_COLORS.map((color, i) => ({ value: i + 1, label: `Hidden movement resistance ${i + 1}`, color, note: 'unknown to the mover until it moves in' })),
      ],
    },
    erased: 0,
  },
];

/** "feet" or "metres": units as words. */
export function unitWord(ruleset: RulesetId): string {
  return RULESETS[ruleset].lengthUnit === 'm' ? 'metres' : 'feet';
}

export function squareLayer(id: string): SquareLayer {
  return SQUARE_LAYERS.find((l) => l.id === id) ?? SQUARE_LAYERS[0]!;
}

/** The layers this encounter can paint: the ruleset uses them and the model has the array. */
export function squareLayersFor(d: Encounter): SquareLayer[] {
  return SQUARE_LAYERS.filter((l) => l.available(d.ruleset) && ArrayBuffer.isView((d.map as unknown as Record<string, unknown>)[l.id]));
}

/** The layer's array in this encounter (undefined for a layer the model lacks). */
export function layerArray(d: Encounter, id: string): ArrayLike<number> | undefined {
  const a = (d.map as unknown as Record<string, unknown>)[id];
  return ArrayBuffer.isView(a) ? (a as unknown as ArrayLike<number>) : undefined;
}

/** How a value of a layer reads: "Difficult", "10 feet", "Movement resistance 3". */
export function describeValue(layer: SquareLayer, ruleset: RulesetId, value: number): string {
  if (layer.values.kind === 'length') return `${+value.toFixed(2)} ${unitWord(ruleset)}`;
  return layer.values.options(ruleset).find((o) => o.value === value)?.label ?? String(value);
}

export function layerColor(layer: SquareLayer, ruleset: RulesetId, value: number): string {
  if (layer.values.kind === 'length') return layer.values.color;
  const c = layer.values.options(ruleset).find((o) => o.value === value)?.color;
  return !c || c === 'transparent' ? 'rgba(255, 255, 255, 0.45)' : c;
}
