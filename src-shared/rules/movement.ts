/**
 * The movement queries every part of the product asks, one module per question (movement/):
 * where a creature can go (`reach.ts`: `reachableSquares`, `costField`), the cheapest way to a
 * square (`path.ts`: `planPath`), what a drawn path costs and where it breaks (`check.ts`:
 * `checkPath`), and flight paths (`flight.ts`); `setup.ts` is what each starts from, `answer.ts` a
 * path's answer with the attacks of opportunity it provokes, `explain.ts` why a step cannot be taken.
 */
export { reachableSquares, costField } from './movement/reach';
export { planPath } from './movement/path';
export { checkPath } from './movement/check';
export { checkFlightPath, flightAlongSquares, flightProfile, planFlightPath, type Cube, type FlightProfilePoint } from './movement/flight';
export { straightLine, unitLabel } from './movement/setup';
