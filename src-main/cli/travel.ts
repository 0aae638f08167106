import { MOUNTS, overlandTravel, TRAVEL_PACES, TRAVEL_TERRAINS, TRAVEL_WAYS, TravelRefused, type TravelPace, type TravelRequest, type TravelTerrain, type TravelWay } from '../../src-shared/rules/epic-path/travel';

/**
 * `encounter travel --speed 30 | --mount light-horse [--pace walk|hustle] [--terrain T] [--way W]
 * [--hours N] [--distance MILES] [--json]` — Epic Path overland travel (epic-path.txt › Overland
 * Travel), the same answers as the calculator panel.
 */
export class TravelCliError extends Error {}

export const TRAVEL_HELP = `  travel --speed FT | --mount M [--pace walk|hustle] [--terrain T] [--way highway|road|trail|trackless]
         [--hours N] [--distance MILES] [--json]
        Epic Path overland travel: miles an hour and a day after terrain, the time to cover a distance,
        and the hustle damage or forced-march Constitution checks the text asks for.
        Without --terrain and --way: plains, trackless (x3/4: 30 ft walks 18 miles a day, not 24).
        Terrains: ${TRAVEL_TERRAINS.join(', ')}; mounts and vehicles: ${Object.keys(MOUNTS).join(', ')}`;

function num(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(text)) throw new TravelCliError(`${what} "${text}" is not a number`);
  return Number(text);
}

export function travelCommand(get: (key: string) => string | undefined, json: boolean): string {
  const req: TravelRequest = {};
  const speed = num(get('speed'), '--speed');
  if (speed !== undefined) req.speed = speed;
  const mount = get('mount');
  if (mount !== undefined) req.mount = mount;
  const pace = get('pace');
  if (pace !== undefined) {
    if (!(TRAVEL_PACES as readonly string[]).includes(pace)) throw new TravelCliError(`--pace ${pace}: use ${TRAVEL_PACES.join(', ')}`);
    req.pace = pace as TravelPace;
  }
  const terrain = get('terrain');
  if (terrain !== undefined) {
    if (!(TRAVEL_TERRAINS as readonly string[]).includes(terrain)) throw new TravelCliError(`--terrain ${terrain}: use ${TRAVEL_TERRAINS.join(', ')}`);
    req.terrain = terrain as TravelTerrain;
  }
  const way = get('way');
  if (way !== undefined) {
    if (!(TRAVEL_WAYS as readonly string[]).includes(way)) throw new TravelCliError(`--way ${way}: use ${TRAVEL_WAYS.join(', ')}`);
    req.way = way as TravelWay;
  }
  const hours = num(get('hours'), '--hours');
  if (hours !== undefined) req.hours = hours;
  const distance = num(get('distance'), '--distance');
  if (distance !== undefined) req.distance = distance;
  let a;
  try {
    a = overlandTravel(req);
  } catch (e) {
    if (e instanceof TravelRefused) throw new TravelCliError(e.message);
    throw e;
  }
  if (json) return JSON.stringify(a) + '\n';
  const lines = [`${a.milesPerHour} miles an hour, ${a.milesPerDay} miles in ${a.hoursPerDay} hours (terrain x${a.terrainMultiplier}).`];
  if (a.time) lines.push(`${req.distance} miles: ${a.time.days} day(s) and ${a.time.hours} hour(s) (${a.time.totalHours} hours of travel).`);
  for (const c of a.checks) lines.push(`  hour ${c.hour}: ${c.check} ${c.damage} ${c.kind} damage`);
  if (a.fatigued) lines.push(a.fatigued);
  for (const n of a.notes) lines.push(n);
  lines.push(`Rules: ${a.rules.join('; ')}`);
  return lines.join('\n') + '\n';
}
