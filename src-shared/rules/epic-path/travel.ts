/**
 * Overland travel by epic-path.txt › Overland Travel: Table: Movement and Distance, Table: Terrain
 * and Overland Movement, Table: Mounts and Vehicles, with hustling and the forced march as the text
 * gives them. Pure numbers: the checks the text asks for are listed, not rolled.
 */

const TEXT = 'epic-path.txt';
const SECTION = `${TEXT} › Overland Travel`;

export const TRAVEL_TERRAINS = ['desert', 'forest', 'hills', 'jungle', 'moor', 'mountains', 'plains', 'swamp', 'tundra'] as const;
export type TravelTerrain = (typeof TRAVEL_TERRAINS)[number];
export const TRAVEL_WAYS = ['highway', 'road', 'trail', 'trackless'] as const;
export type TravelWay = (typeof TRAVEL_WAYS)[number];
export const TRAVEL_PACES = ['walk', 'hustle', 'run'] as const;
export type TravelPace = (typeof TRAVEL_PACES)[number];

/** Table: Terrain and Overland Movement — highway, road or trail, trackless. */
export const TERRAIN_MULTIPLIERS: Readonly<Record<TravelTerrain, { label: string; highway: number; road: number; trackless: number }>> = {
  desert: { label: 'Desert, sandy', highway: 1, road: 1 / 2, trackless: 1 / 2 },
  forest: { label: 'Forest', highway: 1, road: 1, trackless: 1 / 2 },
  hills: { label: 'Hills', highway: 1, road: 3 / 4, trackless: 1 / 2 },
  jungle: { label: 'Jungle', highway: 1, road: 3 / 4, trackless: 1 / 4 },
  moor: { label: 'Moor', highway: 1, road: 1, trackless: 3 / 4 },
  mountains: { label: 'Mountains', highway: 3 / 4, road: 3 / 4, trackless: 1 / 2 },
  plains: { label: 'Plains', highway: 1, road: 1, trackless: 3 / 4 },
  swamp: { label: 'Swamp', highway: 1, road: 3 / 4, trackless: 1 / 2 },
  tundra: { label: 'Tundra, frozen', highway: 1, road: 3 / 4, trackless: 3 / 4 },
};

export interface MountRow {
  label: string;
  perHour: number;
  perDay: number;
  kind: 'mount' | 'vehicle' | 'rowed' | 'sailed';
}

/** Table: Mounts and Vehicles (miles per hour and per day). */
export const MOUNTS: Readonly<Record<string, MountRow>> = {
  'light-horse': { label: 'Light horse', perHour: 5, perDay: 40, kind: 'mount' },
  'light-horse-loaded': { label: 'Light horse (175-525 lbs.)', perHour: 3.5, perDay: 28, kind: 'mount' },
  'heavy-horse': { label: 'Heavy horse', perHour: 5, perDay: 40, kind: 'mount' },
  'heavy-horse-loaded': { label: 'Heavy horse (229-690 lbs.)', perHour: 3.5, perDay: 28, kind: 'mount' },
  pony: { label: 'Pony', perHour: 4, perDay: 32, kind: 'mount' },
  'pony-loaded': { label: 'Pony (151-450 lbs.)', perHour: 3, perDay: 24, kind: 'mount' },
  'riding-dog': { label: 'Dog, riding', perHour: 4, perDay: 32, kind: 'mount' },
  'riding-dog-loaded': { label: 'Dog, riding (101-300 lbs.)', perHour: 3, perDay: 24, kind: 'mount' },
  'cart-or-wagon': { label: 'Cart or wagon', perHour: 2, perDay: 16, kind: 'vehicle' },
  'raft-or-barge': { label: 'Raft or barge (poled or towed)', perHour: 0.5, perDay: 5, kind: 'rowed' },
  keelboat: { label: 'Keelboat (rowed)', perHour: 1, perDay: 10, kind: 'rowed' },
  rowboat: { label: 'Rowboat (rowed)', perHour: 1.5, perDay: 15, kind: 'rowed' },
  'sailing-ship': { label: 'Sailing ship (sailed)', perHour: 2, perDay: 48, kind: 'sailed' },
  warship: { label: 'Warship (sailed and rowed)', perHour: 2.5, perDay: 60, kind: 'sailed' },
  longship: { label: 'Longship (sailed and rowed)', perHour: 3, perDay: 72, kind: 'sailed' },
  galley: { label: 'Galley (rowed and sailed)', perHour: 4, perDay: 96, kind: 'sailed' },
};

export interface TravelRequest {
  /** Land speed in feet (Table: Movement and Distance runs 15 to 100 ft); or give a mount. */
  speed?: number;
  mount?: string;
  pace?: TravelPace;
  terrain?: TravelTerrain;
  way?: TravelWay;
  /** Hours travelled in the day (default: a day of travel — 8; 10 rowing; 24 sailing). */
  hours?: number;
  /** Miles to cover: the answer says how long it takes. */
  distance?: number;
}

export interface TravelCheck {
  hour: number;
  /** What the text asks for, in words. */
  check: string;
  dc: number | null;
  /** What a failure (or the hour itself, for hustling) costs. */
  damage: string;
  kind: 'nonlethal' | 'lethal';
}

export interface TravelAnswer {
  /** Miles per hour after terrain. */
  milesPerHour: number;
  /** Miles in the day's hours after terrain. */
  milesPerDay: number;
  hoursPerDay: number;
  terrainMultiplier: number;
  /** Time to cover `distance`, when given: whole days of `hoursPerDay` and the hours left. */
  time: { days: number; hours: number; totalHours: number } | null;
  /** Hustle hours and forced-march hours that cost damage or need a check. */
  checks: TravelCheck[];
  fatigued: string | null;
  notes: string[];
  rules: string[];
}

export class TravelRefused extends Error {}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Miles per hour walking at a speed in feet: Table: Movement and Distance (3 miles at 30 ft). */
export function walkMilesPerHour(speed: number): number {
  return speed / 10;
}

/** The speeds Table: Movement and Distance has a column for, in feet. */
export const TABLE_SPEEDS: readonly number[] = [15, 20, 30, 40, 50, 60, 70, 80, 90, 100];

export function overlandTravel(req: TravelRequest): TravelAnswer {
  const pace = req.pace ?? 'walk';
  const terrain = req.terrain ?? 'plains';
  const wayAsked = req.way ?? 'trackless';
  const notes: string[] = [];
  if (req.terrain === undefined || req.way === undefined) notes.push(`No ${req.terrain === undefined ? 'terrain' : 'way'} given: ${req.terrain === undefined ? 'plains' : terrain}, ${req.way === undefined ? 'trackless' : wayAsked} assumed (--terrain, --way).`);
  const rules = [`${SECTION} › Table: Movement and Distance`];
  if (!TRAVEL_PACES.includes(pace)) throw new TravelRefused(`pace ${pace}: use ${TRAVEL_PACES.join(', ')}`);
  if (!TRAVEL_TERRAINS.includes(terrain)) throw new TravelRefused(`terrain ${terrain}: use ${TRAVEL_TERRAINS.join(', ')}`);
  if (!TRAVEL_WAYS.includes(wayAsked)) throw new TravelRefused(`way ${wayAsked}: use ${TRAVEL_WAYS.join(', ')}`);
  if (pace === 'run') throw new TravelRefused(`A character can't run for an extended period of time; running and resting in cycles works out to a hustle (${SECTION} › Run).`);
  if ((req.speed === undefined) === (req.mount === undefined)) throw new TravelRefused('Give a speed in feet or a mount or vehicle (not both).');
  const mount = req.mount !== undefined ? MOUNTS[req.mount] : undefined;
  if (req.mount !== undefined && !mount) throw new TravelRefused(`mount ${req.mount}: use ${Object.keys(MOUNTS).join(', ')}`);
  if (req.speed !== undefined && (!Number.isFinite(req.speed) || req.speed <= 0 || req.speed > 1000)) throw new TravelRefused('speed is in feet, more than 0.');
  if (req.hours !== undefined && (!Number.isFinite(req.hours) || req.hours < 0 || req.hours > 24)) throw new TravelRefused('hours is between 0 and 24.');
  if (req.distance !== undefined && (!Number.isFinite(req.distance) || req.distance < 0)) throw new TravelRefused('distance is in miles, 0 or more.');

  // A day: "8 hours of actual travel time. For rowed watercraft, … 10 hours of rowing. For a sailing
  // ship, … 24 hours."
  const boat = mount && (mount.kind === 'rowed' || mount.kind === 'sailed');
  const dayHours = mount?.kind === 'rowed' ? 10 : mount?.kind === 'sailed' ? 24 : 8;
  // › Hustle: "for 1 hour without a problem"; the table gives no day of hustling.
  const hours = req.hours ?? (pace === 'hustle' ? 1 : dayHours);
  let perHour: number;
  if (mount) {
    rules.push(`${SECTION} › Table: Mounts and Vehicles`);
    perHour = mount.perHour;
    if (mount.perDay !== round(mount.perHour * dayHours)) notes.push(`${mount.label}: the table gives ${mount.perDay} miles a day.`);
  } else {
    perHour = walkMilesPerHour(req.speed!);
    // Table: Movement and Distance lists 15, 20, 30, 40 … 100 ft; any other speed (25 ft too) is read by
    // the pattern every column follows, and the answer says so.
    if (!TABLE_SPEEDS.includes(req.speed!)) notes.push(`The table lists ${TABLE_SPEEDS.join(', ')} ft; ${req.speed} ft is not among them and is read by its pattern (speed ÷ 10 miles an hour).`);
  }
  if (pace === 'hustle') {
    if (boat) throw new TravelRefused(`${mount!.label} travels at the table's rate: hustling is for walkers and mounts (${SECTION} › Hustle).`);
    if (mount?.kind === 'vehicle') throw new TravelRefused(`The text lets a mount bearing a rider hustle, not a cart or wagon (${SECTION} › Mounted Movement).`);
    // Table: Movement and Distance: a hustle covers twice the walking distance.
    perHour *= 2;
  }
  // › Terrain: a trail "does not benefit a party traveling with vehicles"; boats are not on land.
  let multiplier = 1;
  if (!boat) {
    rules.push(`${SECTION} › Table: Terrain and Overland Movement`);
    let way = wayAsked;
    if (way === 'trail' && mount?.kind === 'vehicle') {
      way = 'trackless';
      notes.push('A trail does not benefit a party travelling with vehicles: trackless.');
    }
    const row = TERRAIN_MULTIPLIERS[terrain];
    multiplier = way === 'highway' ? row.highway : way === 'trackless' ? row.trackless : row.road;
    notes.push(`${row.label}, ${way}: x${multiplierText(multiplier)}.`);
  }
  const milesPerHour = round(perHour * multiplier);
  const checks: TravelCheck[] = [];
  let fatigued: string | null = null;
  const isMount = mount?.kind === 'mount';
  if (pace === 'hustle') {
    // › Hustle: the first hour is free; "a second hour … deals 1 point of nonlethal damage, and each
    // additional hour deals twice the damage taken during the previous hour". › Mounted Movement: a
    // mount's damage is lethal.
    let dmg = 1;
    for (let h = 2; h <= hours; h++) {
      checks.push({ hour: h, check: 'no check: hustling past the first hour deals', dc: null, damage: String(dmg), kind: isMount ? 'lethal' : 'nonlethal' });
      dmg *= 2;
    }
    if (hours > 1) fatigued = `Any damage from hustling makes the ${isMount ? 'mount' : 'character'} fatigued (-2 Strength and Dexterity, no running or charging) (${SECTION} › Hustle).`;
    rules.push(`${SECTION} › Hustle`);
  } else if (!boat && hours > dayHours) {
    // › Forced March: each hour beyond 8, a Constitution check (DC 10, +2 per extra hour); failure:
    // 1d6 nonlethal. A ridden mount's checks fail automatically and its damage is lethal.
    for (let h = dayHours + 1; h <= hours; h++) {
      const dc = 10 + 2 * (h - dayHours - 1);
      checks.push(
        isMount
          ? { hour: h, check: `the mount's Constitution check (DC ${dc}) fails automatically:`, dc, damage: '1d6', kind: 'lethal' }
          : { hour: h, check: `Constitution check DC ${dc}, on a failure`, dc, damage: '1d6', kind: 'nonlethal' },
      );
    }
    fatigued = `Any damage from a forced march makes the ${isMount ? 'mount' : 'character'} fatigued (${SECTION} › Forced March).`;
    rules.push(`${SECTION} › Forced March`);
    if (mount?.kind === 'vehicle') notes.push('The cart or wagon goes as far as its team can be driven; the text gives the forced march for characters and mounts.');
    notes.push('Reading of "DC 10, +2 per extra hour": DC 10 for the ninth hour, 12 for the tenth, and so on.');
  }
  if (isMount) rules.push(`${SECTION} › Mounted Movement`);
  const milesPerDay = round(milesPerHour * hours);
  let time: TravelAnswer['time'] = null;
  if (req.distance !== undefined) {
    if (milesPerHour <= 0) throw new TravelRefused('At this pace nothing moves.');
    const totalHours = round(req.distance / milesPerHour);
    const perDay = hours > 0 ? hours : dayHours;
    const days = Math.floor(totalHours / perDay + 1e-9);
    time = { days, hours: round(totalHours - days * perDay), totalHours };
  }
  return { milesPerHour, milesPerDay, hoursPerDay: hours, terrainMultiplier: multiplier, time, checks, fatigued, notes, rules };
}

function multiplierText(m: number): string {
  return m === 1 ? '1' : m === 0.75 ? '3/4' : m === 0.5 ? '1/2' : m === 0.25 ? '1/4' : String(m);
}
