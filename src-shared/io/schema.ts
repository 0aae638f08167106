import { z } from 'zod';
import {
  ARMOR_CATEGORIES,
  LOAD_CATEGORIES,
  MANEUVERABILITIES,
  MAX_MAP_SIDE,
  RULESET_IDS,
  SIDES,
  SIZE_CATEGORIES,
} from '../model';

/**
 * The encounter file, format version 1. This schema is the single definition: the loader
 * validates with it and `docs/encounter.schema.json` is generated from it (`npm run schema`).
 */
export const FILE_FORMAT_ID = 'encounter-builder';
export const CURRENT_FORMAT_VERSION = 1;
/** Encounter files are JSON named `*.encounter`, an extension of their own for file associations. */
export const ENCOUNTER_FILE_EXTENSION = 'encounter';

const Runs = z
  .array(z.number())
  .describe('Run-length encoded layer, row by row from the top-left square: [count, value, count, value, …].');

const Length = z.number().min(-100000).max(100000);

const SpeedsSchema = z
  .object({
    walk: z.number().min(0).max(10000).describe('Walking speed in the ruleset speed unit (feet; squares for Startroid).'),
    fly: z.number().min(0).max(10000).optional(),
    maneuverability: z.enum(MANEUVERABILITIES).optional(),
    swim: z.number().min(0).max(10000).optional(),
    climb: z.number().min(0).max(10000).optional(),
    burrow: z.number().min(0).max(10000).optional(),
  })
  .strict();

export const CreatureSchema = z
  .object({
    id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . and - only'),
    name: z.string().max(200),
    size: z.enum(SIZE_CATEGORIES),
    side: z.enum(SIDES),
    speed: SpeedsSchema,
    reach: z.number().min(0).max(10000).optional(),
    armor: z.enum(ARMOR_CATEGORIES),
    load: z.enum(LOAD_CATEGORIES),
    race: z.string().max(64).optional(),
    helpless: z.boolean(),
    prone: z.boolean(),
    fillsSpace: z.boolean().optional().describe('It completely fills its squares: nothing moves through them.'),
    reachWeapon: z.boolean().optional().describe('d20: it wields a reach weapon (threatens at double its natural reach, not at its natural reach or less).'),
    dead: z.boolean().optional().describe('It is dead (Epic Path: its square is rough terrain).'),
    blinded: z.boolean().optional().describe('It cannot see (Epic Path: no running, no 5-foot step).'),
    x: z.int().min(0).max(MAX_MAP_SIDE - 1).describe('Column of the top-left square of the footprint.'),
    y: z.int().min(0).max(MAX_MAP_SIDE - 1).describe('Row of the top-left square of the footprint.'),
    altitude: Length.describe('Height of the underside above the ground, in the ruleset length unit.'),
    slot: z.int().min(0).max(99).optional().describe('Place inside the square for creatures smaller than a square.'),
  })
  .strict();

export const SettingsSchema = z
  .object({
    epicPathRun: z.enum(['run', 'encumbrance']).optional(),
    fallDiceCap: z.int().min(0).max(1000).optional(),
    gravity: z.number().min(0).max(100).optional(),
    flightCeiling: z.number().min(0).max(100000).optional(),
  })
  .strict();

export const EncounterFileSchema = z
  .object({
    format: z.literal(FILE_FORMAT_ID),
    formatVersion: z.literal(CURRENT_FORMAT_VERSION),
    name: z.string().max(200),
    ruleset: z.enum(RULESET_IDS),
    map: z
      .object({
        width: z.int().min(1).max(MAX_MAP_SIDE),
        height: z.int().min(1).max(MAX_MAP_SIDE),
        layers: z
          .object({
            terrain: Runs.describe('Terrain kind per square: 0 normal, 1 difficult, 2 impeded, 3 blocked (fills), 4 obstacle (pillar, tree, pit), 5 hazardous, 6 water.'),
            elevation: Runs.optional().describe('Ground height per square, in the ruleset length unit.'),
            waterDepth: Runs.optional().describe('Water depth per square, in the ruleset length unit.'),
            resistance: Runs.optional().describe('6d6 movement resistance 1-7 per square; 0 = derived from terrain.'),
            blockade: Runs.optional().describe('Startroid blockade: 0 none, 1 blocking, 2 cleared.'),
            surface: Runs.optional().describe('Ground surface for falls: 0 normal, 1 jagged, 2 stone, 3 soft, 4 yielding.'),
            hiddenResistance: Runs.optional().describe('6d6 movement resistance hidden on the square (1-7; 0: nothing hidden), paid when the mover enters it.'),
            light: Runs.optional().describe('Light per square: 0 bright, 1 dim, 2 darkness; absent: bright everywhere.'),
            edgeEast: Runs.optional().describe('Edge on the east side of each square: 0 none, 1 wall, 2 low obstacle, 3 closed door, 4 open door, 5 window or force field (blocks movement and effect, not sight).'),
            edgeSouth: Runs.optional().describe('Edge on the south side of each square, same codes as edgeEast.'),
          })
          .strict(),
      })
      .strict(),
    creatures: z.array(CreatureSchema).max(20000),
    settings: SettingsSchema.optional(),
    notes: z.string().max(100000).optional(),
  })
  .strict()
  .describe('An Encounter Builder encounter: a battle map, its creatures and the ruleset that moves them.');

export type EncounterFileV1 = z.infer<typeof EncounterFileSchema>;

export function encounterJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://encounter-builder.invalid/encounter.schema.json',
    title: 'Encounter Builder encounter file, format 1',
    ...z.toJSONSchema(EncounterFileSchema, { target: 'draft-2020-12' }),
  } as Record<string, unknown>;
}
