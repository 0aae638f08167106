import { z } from 'zod';
import {
  ARMOR_CATEGORIES,
  CURRENT_RULES_VERSION,
  GRID_THICKNESS_MAX,
  LOAD_CATEGORIES,
  MANEUVERABILITIES,
  MAX_MAP_SIDE,
  LABEL_KINDS,
  MOVEMENT_MODES,
  PICTURE_MIMES,
  PORTAL_KINDS,
  RULESET_IDS,
  SIDES,
  SIZE_CATEGORIES,
} from '../model';
import { AREA_SHAPES, MAX_AREA_SIZE } from '../rules/areas';
import { MAX_PICTURE_BASE64_CHARS } from './import/image';
import { LIMITS } from './limits';
import { isReservedName, reservedNameProblem } from './reserved-names';

/**
 * The encounter file, format version 2 (version 1 had a `background` stretched over the map where
 * version 2 has a `picture` lined up with the grid; the loader migrates it). This schema is the single definition: the loader
 * validates with it and `docs/encounter.schema.json` is generated from it (`npm run schema`).
 */
export const FILE_FORMAT_ID = 'encounter-builder';
export const CURRENT_FORMAT_VERSION = 2;
/** Encounter files are JSON named `*.encounter`, an extension of their own for file associations. */
export const ENCOUNTER_FILE_EXTENSION = 'encounter';

const Runs = z
  .array(z.number())
  .describe('Run-length encoded layer, row by row from the top-left square: [count, value, count, value, …].');

const Length = z.number().min(-LIMITS.length).max(LIMITS.length);
const Speed = z.number().min(0).max(LIMITS.speed);

const SpeedsSchema = z
  .object({
    walk: Speed.describe('Walking speed in the ruleset speed unit (feet; squares for Startroid).'),
    fly: Speed.optional(),
    maneuverability: z.enum(MANEUVERABILITIES).optional(),
    swim: Speed.optional(),
    climb: Speed.optional(),
    burrow: Speed.optional(),
  })
  .strict();

export const CreatureSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(LIMITS.idChars)
      .regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . and - only')
      .refine((id) => !isReservedName(id), { error: (issue) => reservedNameProblem(String(issue.input)) }),
    name: z.string().max(LIMITS.nameChars),
    size: z.enum(SIZE_CATEGORIES),
    side: z.enum(SIDES),
    speed: SpeedsSchema,
    reach: Speed.optional(),
    armor: z.enum(ARMOR_CATEGORIES),
    load: z.enum(LOAD_CATEGORIES),
    race: z.string().max(LIMITS.idChars).optional(),
    helpless: z.boolean(),
    prone: z.boolean(),
    fillsSpace: z.boolean().optional().describe('It completely fills its squares: nothing moves through them.'),
    reachWeapon: z.boolean().optional().describe('d20: it wields a reach weapon (threatens at double its natural reach, not at its natural reach or less).'),
    dead: z.boolean().optional().describe('It is dead (Epic Path: its square is rough terrain).'),
    blinded: z.boolean().optional().describe('It cannot see (Epic Path: no running, no 5-foot step).'),
    resistance: z.string().max(16).regex(/^\s*(\d*[dD]\d+\s*([+-]\s*\d+)?|\d+)\s*$/, 'a resistance is dice like 1d6+1 or a score like 3').optional().describe('6d6: its proximity resistance action, dice or a score (default 1d6+0).'),
    mass: z.number().gt(0).max(LIMITS.mass).optional().describe('Startroid: mass in kg for inertia damage (default by size).'),
    x: z.int().min(0).max(MAX_MAP_SIDE - 1).describe('Column of the top-left square of the footprint.'),
    y: z.int().min(0).max(MAX_MAP_SIDE - 1).describe('Row of the top-left square of the footprint.'),
    altitude: Length.describe('Height of the underside above the ground, in the ruleset length unit.'),
    slot: z.int().min(0).max(LIMITS.slot).optional().describe('Place inside the square for creatures smaller than a square.'),
    token: z.string().min(1).max(LIMITS.idChars).optional().describe('The id of its token art in tokenImages.'),
  })
  .strict();

export const SettingsSchema = z
  .object({
    epicPathRun: z.enum(['run', 'encumbrance']).optional(),
    fallDiceCap: z.int().min(0).max(LIMITS.fallDiceCap).optional(),
    gravity: z.number().min(0).max(LIMITS.gravity).optional(),
    flightCeiling: z.number().min(0).max(LIMITS.length).optional(),
  })
  .strict();

export const GridStyleSchema = z
  .object({
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a grid colour is #rrggbb').optional(),
    opacity: z.number().min(0).max(1).optional(),
    thickness: z.number().min(0.5).max(GRID_THICKNESS_MAX).optional(),
  })
  .strict()
  .describe('How the grid is drawn: colour (#rrggbb), opacity of the ordinary lines (0-1; every fifth is twice as strong) and thickness in pixels; absent fields mean the defaults.');

const Id = z.string().min(1).max(64).refine((id) => !isReservedName(id), { error: (issue) => reservedNameProblem(String(issue.input)) });
const PlaySquare = z
  .object({ x: z.int().min(-1).max(MAX_MAP_SIDE), y: z.int().min(-1).max(MAX_MAP_SIDE), z: Length.optional() })
  .strict();

/** A dice expression (`2d6+3`, `4d6kh3`): read by the dice roller when the log is replayed. */
const DiceText = z.string().max(100);

/** What a move says, in turn or out of it: the creature, its move action and the squares of its path. */
const MOVE_FIELDS = {
      creature: Id,
      action: z.string().max(32).describe('move, double, run, step, withdraw, crawl or full-round, as the ruleset has them.'),
      path: z.array(PlaySquare).max(100000),
      mode: z.enum(MOVEMENT_MODES).optional(),
      score: z.number().min(0).max(1000).optional(),
      dice: z.string().max(32).optional(),
      phasing: z.boolean().optional().describe('Startroid phasing.'),
};

/**
 * One play action (see docs/play.md). Move actions and forced effects are names the ruleset checks
 * when the log is replayed; one it does not know is reported then, not here.
 */
export const PlayActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('initiative'), scores: z.record(Id, z.number().min(-1000).max(1000)) }).strict(),
  z.object({ kind: z.literal('roll-initiative'), modifiers: z.record(Id, z.number().min(-1000).max(1000)).optional(), dice: z.string().max(32).optional() }).strict(),
  z.object({ kind: z.literal('order'), order: z.array(Id).max(LIMITS.creatures) }).strict(),
  z
    .object({
      kind: z.literal('move'),
      ...MOVE_FIELDS,
    })
    .strict(),
  z.object({ kind: z.literal('stand-up'), creature: Id }).strict(),
  z.object({ kind: z.literal('next-turn') }).strict(),
  z
    .object({ kind: z.literal('resolve'), pending: z.string().max(64), outcome: z.enum(['hit', 'miss', 'roll']).describe("roll: the attacker's attack profile against the target's number."), damage: z.number().min(0).max(1000000).optional() })
    .strict(),
  z
    .object({ kind: z.literal('damage'), creature: Id, amount: z.number().min(0).max(1000000).optional(), dice: DiceText.optional().describe('Rolled instead of an amount, like 2d6+3.'), nonlethal: z.boolean().optional(), note: z.string().max(1000).optional() })
    .strict(),
  z.object({ kind: z.literal('hit-points'), creature: Id, hitPoints: z.int().min(0).max(1000000) }).strict(),
  z
    .object({
      kind: z.literal('forced'),
      effect: z.string().max(16).describe('push, pull, slide or shift, as the ruleset has them.'),
      target: Id,
      by: Id,
      squares: z.int().min(0).max(10000),
      to: z.array(PlaySquare).max(10000).optional(),
      dropProne: z.boolean().optional(),
      threeDimensional: z.boolean().optional().describe('The effect says the target may leave its plane (startroid.txt › Pull, Push and Slide).'),
    })
    .strict(),
  z.object({ kind: z.literal('stall-save'), creature: Id, success: z.boolean().optional(), modifier: z.number().min(-100).max(100).optional() }).strict(),
  z.object({ kind: z.literal('teleport'), creature: Id, to: PlaySquare, range: z.int().min(0).max(10000).optional() }).strict(),
  // Areas and the ruler (issue 17 › 5).
  z
    .object({
      kind: z.literal('area'),
      shape: z.enum(AREA_SHAPES),
      size: z.int().min(1).max(MAX_AREA_SIZE).describe('Squares: a burst\'s radius, a cone\'s or line\'s length, a cube\'s side.'),
      origin: z.object({ x: z.int().min(0).max(MAX_MAP_SIDE), y: z.int().min(0).max(MAX_MAP_SIDE) }).strict().describe('A grid corner; for a cube of odd side, its middle square.'),
      toward: z.object({ x: z.number().min(-MAX_MAP_SIDE).max(2 * MAX_MAP_SIDE), y: z.number().min(-MAX_MAP_SIDE).max(2 * MAX_MAP_SIDE) }).strict().optional().describe('The point a cone or line is aimed at.'),
      label: z.string().max(200).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('clear-area'), area: z.string().max(64).optional().describe('One template: the number of the log entry that placed it (from 1); absent: every template.') }).strict(),
  // Dice roller and rolled attacks (issue 17 › 2).
  z.object({ kind: z.literal('roll'), dice: DiceText, what: z.string().max(200).optional() }).strict(),
  z
    .object({
      kind: z.literal('attack-profile'),
      creature: Id,
      attack: DiceText.nullable().optional().describe("The creature's attack roll, like 1d20+5 (null clears it)."),
      damage: DiceText.nullable().optional().describe("The creature's damage, like 1d6+1 (null clears it)."),
      against: z.int().min(-1000).max(1000).nullable().optional().describe('The total an attack on this creature must reach to hit (null clears it).'),
    })
    .strict(),
  // play-health: conditions, healing and temporary hit points
  z.object({ kind: z.literal('condition'), creature: Id, condition: z.string().min(1).max(32).describe('A condition the ruleset names (docs/play.md › Conditions); checked when the log is replayed.'), on: z.boolean() }).strict(),
  z.object({ kind: z.literal('heal'), creature: Id, amount: z.int().min(0).max(1000000), nonlethal: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('temporary-hit-points'), creature: Id, amount: z.int().min(0).max(1000000) }).strict(),
  // Turn control (issue 17 › 4): moves out of turn, delay and ready, the order mid-fight, effects.
  z
    .object({
      kind: z.literal('move-out-of-turn'),
      outOfTurn: z.enum(['correction', 'reaction']).describe('A GM correction, or a reaction (a readied action fired, any move the GM allows out of turn).'),
      ...MOVE_FIELDS,
    })
    .strict(),
  z.object({ kind: z.literal('delay'), creature: Id }).strict(),
  z.object({ kind: z.literal('ready'), creature: Id, trigger: z.string().min(1).max(200).describe('What the readied action waits for, as the GM writes it.') }).strict(),
  z.object({ kind: z.literal('act-now'), creature: Id }).strict(),
  z.object({ kind: z.literal('join-initiative'), creature: Id, score: z.number().min(-1000).max(1000) }).strict(),
  z.object({ kind: z.literal('leave-initiative'), creature: Id }).strict(),
  z
    .object({
      kind: z.literal('effect'),
      on: Id,
      name: z.string().min(1).max(80),
      rounds: z.int().min(0).max(1000),
      ends: z.enum(['start', 'end']).describe("The effect ends at the start or the end of turnOf's turn, rounds after the round it began."),
      turnOf: Id,
      condition: z.string().min(1).max(32).optional().describe('A condition the ruleset names, set with the effect and cleared when it ends.'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('round-end-effect'),
      on: Id,
      name: z.string().min(1).max(80),
      damage: z.string().max(32).optional().describe('Dice (1d6+1) or a number, rolled at every round end.'),
      nonlethal: z.boolean().optional(),
      condition: z.string().min(1).max(32).optional().describe('A condition the ruleset names, set each time it fires (if not already).'),
      rounds: z.int().min(1).max(1000).optional().describe('How many round ends it fires at; absent: until the GM ends it.'),
    })
    .strict(),
  z.object({ kind: z.literal('end-effect'), effect: z.string().min(1).max(64) }).strict(),
]);

/**
 * The play session's own format version, apart from the file's: version 1 (no `version` field) had
 * only the seed, the log and the cursor; version 2 adds the dice streams and the lines set aside when
 * an earlier entry is undone; version 3 the edition of Play's rules the fight is played by
 * (`rulesVersion`, absent: 1). The loader migrates older sessions (encounter-file.ts).
 */
export const CURRENT_PLAY_SESSION_VERSION = 3;

const LOG_MAX = 100000;
const Streams = z
  .array(z.int().min(0).max(2147483647))
  .max(LOG_MAX)
  .describe('The dice stream each log action rolls from, by position (absent: its position); kept when an earlier entry is undone.');

/** A line's streams name one per action, none twice (two actions on one stream would roll the same dice). */
function checkLine(line: { log: unknown[]; streams?: number[] | undefined; cursor: number }, ctx: z.RefinementCtx, path: (string | number)[]): void {
  if (line.cursor > line.log.length) ctx.addIssue({ code: 'custom', path: [...path, 'cursor'], message: `the cursor ${line.cursor} is past the log's ${line.log.length} actions` });
  if (!line.streams) return;
  if (line.streams.length !== line.log.length) ctx.addIssue({ code: 'custom', path: [...path, 'streams'], message: `${line.streams.length} streams for ${line.log.length} log actions: one each` });
  else if (new Set(line.streams).size !== line.streams.length) ctx.addIssue({ code: 'custom', path: [...path, 'streams'], message: 'two log actions name the same dice stream' });
}

const PlayBranchSchema = z
  .object({
    log: z.array(PlayActionSchema).max(LOG_MAX),
    streams: Streams.optional(),
    cursor: z.int().min(0),
    at: z.int().min(0).max(LOG_MAX).describe('Position of the first entry where this line and the one in play part.'),
    note: z.string().max(1000).describe('Why it was set aside, in words.'),
    left: z
      .array(z.object({ index: z.int().min(0).max(LOG_MAX), reason: z.string().max(1000) }).strict())
      .max(LOG_MAX)
      .describe('Its later entries that no longer applied once the entry was undone, and why.'),
  })
  .strict()
  .describe('A line of play set aside when an earlier entry was undone, to go back to.');

export const PlaySessionSchema = z
  .object({
    version: z.literal(CURRENT_PLAY_SESSION_VERSION).describe('The play session format (older sessions, without it, are version 1 and migrate on opening).'),
    seed: z.int().min(-2147483648).max(2147483647).describe('Seeds every die rolled in play, so a replay rolls the same.'),
    cursor: z.int().min(0).describe('How many log actions are in effect (undo moves it back).'),
    log: z.array(PlayActionSchema).max(LOG_MAX),
    streams: Streams.optional(),
    branches: z.array(PlayBranchSchema).max(1000).optional().describe('Lines of play set aside when an earlier entry was undone, oldest first.'),
    rulesVersion: z
      .int()
      .min(1)
      .max(CURRENT_RULES_VERSION)
      .optional()
      .describe("The edition of Play's rules the fight is played by, kept so it replays as it was played (absent: 1, a session saved before editions were kept)."),
  })
  .strict()
  .superRefine((session, ctx) => {
    // The loader clamps a saved cursor to the log (files before version 2 could hold one past it).
    checkLine({ ...session, cursor: 0 }, ctx, []);
    for (const [i, b] of (session.branches ?? []).entries()) checkLine(b, ctx, ['branches', i]);
  })
  .describe('Play mode: the log of what was played, replayed from the planned layout (the creatures above).');
const ImageId = z.string().min(1).max(LIMITS.idChars).regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . and - only');

const pictureFileFields = {
  mime: z.enum(PICTURE_MIMES),
  data: z
    .string()
    .max(MAX_PICTURE_BASE64_CHARS)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'the picture is not base64')
    .describe('The image file, base64, exactly as it was imported (never re-encoded).'),
  width: z.int().min(1).max(LIMITS.pictureSide).describe('Width in pixels, as the file header says.'),
  height: z.int().min(1).max(LIMITS.pictureSide).describe('Height in pixels, as the file header says.'),
};

/** A position on the map in squares: (0, 0) the top-left corner, (width, height) the bottom-right. */
const Place = z.number().min(-LIMITS.mapSide).max(2 * LIMITS.mapSide);
const PointSchema = z.object({ x: Place, y: Place }).strict();

export const PictureSchema = z
  .object({
    ...pictureFileFields,
    pixelsPerSquare: z.number().min(1).max(LIMITS.pictureSide).describe('Picture pixels to one square.'),
    offsetX: z.number().min(-1e6).max(1e6).describe('The picture pixel column on the map\'s left edge.'),
    offsetY: z.number().min(-1e6).max(1e6).describe('The picture pixel row on the map\'s top edge.'),
    opacity: z.number().min(0).max(1),
  })
  .strict()
  .describe('The map\'s art, drawn under the rules and lined up with the grid.');

export const TokenImageSchema = z
  .object({ id: ImageId, ...pictureFileFields })
  .strict()
  .describe('Token art, shown for every creature whose token names its id.');

export const LabelSchema = z
  .object({
    id: ImageId,
    kind: z.enum(LABEL_KINDS).describe('label: shown to everyone; note: the GM\'s, left out of player exports unless forPlayers.'),
    text: z.string().min(1).max(LIMITS.labelChars),
    x: Place,
    y: Place,
    forPlayers: z.boolean().optional(),
  })
  .strict();

export const LightSchema = z
  .object({
    x: Place,
    y: Place,
    range: z.number().min(0).max(LIMITS.mapSide).describe('Radius in squares.'),
    intensity: z.number().min(0).max(1000),
    color: z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, 'a colour is #rrggbb or #rrggbbaa'),
    shadows: z.boolean(),
  })
  .strict()
  .describe('A light a drawing program placed, kept for export (not the Epic Path light layer).');

export const DrawnSchema = z
  .object({
    walls: z.array(z.array(PointSchema).min(2).max(LIMITS.drawnPoints)).max(LIMITS.drawnShapes),
    portals: z.array(z.object({ kind: z.enum(PORTAL_KINDS), a: PointSchema, b: PointSchema }).strict()).max(LIMITS.drawnShapes),
  })
  .strict()
  .describe('Walls, doors and windows as drawn (off the grid too), in squares; the rules use the nearest grid edges.');

/**
 * The file's schema with `runs` as the schema of one run-length layer. The documented schema checks
 * every number of a layer; the loader's (`EncounterFileReadSchema`) only that each layer is an
 * array, and `decodeRunsInto` then checks every count and value with typed code while it fills the
 * map: zod's check of 100,000 numbers took longer than the rest of a 512 × 512 save.
 */
function encounterFileSchema(runs: z.ZodType<number[]>) {
  return z
    .object({
      format: z.literal(FILE_FORMAT_ID),
      formatVersion: z.literal(CURRENT_FORMAT_VERSION),
      name: z.string().max(LIMITS.nameChars),
      ruleset: z.enum(RULESET_IDS),
      map: z
        .object({
          width: z.int().min(1).max(MAX_MAP_SIDE),
          height: z.int().min(1).max(MAX_MAP_SIDE),
          layers: z
            .object({
              terrain: runs.describe('Terrain kind per square: 0 normal, 1 difficult, 2 impeded, 3 blocked (fills), 4 obstacle (pillar, tree, pit), 5 hazardous, 6 water.'),
              elevation: runs.optional().describe('Ground height per square, in the ruleset length unit.'),
              waterDepth: runs.optional().describe('Water depth per square, in the ruleset length unit.'),
              resistance: runs.optional().describe('6d6 movement resistance 1-7 per square; 0 = derived from terrain.'),
              blockade: runs.optional().describe('Startroid blockade: 0 none, 1 blocking, 2 cleared.'),
              surface: runs.optional().describe('Ground surface for falls: 0 normal, 1 jagged, 2 stone, 3 soft, 4 yielding.'),
              hiddenResistance: runs.optional().describe('6d6 movement resistance hidden on the square (1-7; 0: nothing hidden), paid when the mover enters it.'),
              light: runs.optional().describe('Light per square: 0 bright, 1 dim, 2 darkness; absent: bright everywhere.'),
              edgeEast: runs.optional().describe('Edge on the east side of each square: 0 none, 1 wall, 2 low obstacle, 3 closed door, 4 open door, 5 window or force field (blocks movement and effect, not sight).'),
              edgeSouth: runs.optional().describe('Edge on the south side of each square, same codes as edgeEast.'),
            })
            .strict(),
        })
        .strict(),
      creatures: z.array(CreatureSchema).max(LIMITS.creatures),
      settings: SettingsSchema.optional(),
      notes: z.string().max(LIMITS.notesChars).optional(),
      play: PlaySessionSchema.optional(),
      picture: PictureSchema.optional(),
      tokenImages: z.array(TokenImageSchema).max(LIMITS.tokenImages).optional(),
      labels: z.array(LabelSchema).max(LIMITS.labels).optional(),
      lights: z.array(LightSchema).max(LIMITS.lights).optional(),
      drawn: DrawnSchema.optional(),
      tags: z
        .array(z.string().min(1).max(40))
        .max(50)
        .optional()
        .describe('Labels for finding the encounter in a library ("forest", "boss"); absent means none.'),
      grid: GridStyleSchema.optional(),
      stamp: z
        .object({ mask: runs.describe('1 on the squares that belong to the stamp, 0 elsewhere (its first row and column are a margin holding its west and north edges).') })
        .strict()
        .optional()
        .describe('Set when the file is a stamp: a piece of a map to drop on others (docs/stamps.md).'),
    })
    .strict()
    .describe('An Encounter Builder encounter: a battle map, its creatures and the ruleset that moves them.');
}

export const EncounterFileSchema = encounterFileSchema(Runs);
/** What the loader checks with zod; every layer's runs are checked as they are decoded. */
export const EncounterFileReadSchema = encounterFileSchema(
  z.custom<number[]>((v) => Array.isArray(v), 'expected an array of runs [count, value, count, value, …]'),
);

export type EncounterFileV2 = z.infer<typeof EncounterFileSchema>;

export function encounterJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://encounter-builder.invalid/encounter.schema.json',
    title: `Encounter Builder encounter file, format ${CURRENT_FORMAT_VERSION}`,
    ...z.toJSONSchema(EncounterFileSchema, { target: 'draft-2020-12' }),
  } as Record<string, unknown>;
}
