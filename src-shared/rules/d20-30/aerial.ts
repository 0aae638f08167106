import type { Creature, Maneuverability } from '../../model';
import { d20Fall } from '../engine/d20-falling';
import type { FallAnswer } from '../engine/falling';
import { headingOf, type FlightCheck, type FlightLog, type FlightRules } from '../engine/flight';
import { packStep } from '../engine/ruleset';

/**
 * d20-phb-30.txt › Tactical Aerial Movement › Maneuverability, as data. Angles in degrees; `null`
 * where the table says "No"; turns are degrees per `turnDistance` feet.
 */
export interface ManeuverRow {
  /** Minimum forward speed as a fraction of fly speed (0: none). */
  minimumForward: number;
  hover: boolean;
  moveBackward: boolean;
  /** Feet of speed spent to start flying backward: 0 free, null cannot. */
  reverseCost: number | null;
  turnDegrees: number | 'any';
  turnDistance: number;
  /** Turn in place: degrees gained per 5 ft of speed spent, 'any', or null. */
  turnInPlace: number | 'any' | null;
  maximumTurn: number | 'any';
  upAngle: number | 'any';
  /** Up speed as a fraction of fly speed. */
  upSpeed: number;
  downAngle: number | 'any';
  /** Down speed as a multiple of fly speed. */
  downSpeed: number;
  /** Feet of level flight needed between descending and climbing. */
  betweenDownAndUp: number;
}

export const MANEUVERABILITY: Readonly<Record<Maneuverability, ManeuverRow>> = {
  perfect: { minimumForward: 0, hover: true, moveBackward: true, reverseCost: 0, turnDegrees: 'any', turnDistance: 5, turnInPlace: 'any', maximumTurn: 'any', upAngle: 'any', upSpeed: 1, downAngle: 'any', downSpeed: 2, betweenDownAndUp: 0 },
  good: { minimumForward: 0, hover: true, moveBackward: true, reverseCost: 5, turnDegrees: 90, turnDistance: 5, turnInPlace: 90, maximumTurn: 'any', upAngle: 'any', upSpeed: 0.5, downAngle: 'any', downSpeed: 2, betweenDownAndUp: 0 },
  average: { minimumForward: 0.5, hover: false, moveBackward: false, reverseCost: null, turnDegrees: 45, turnDistance: 5, turnInPlace: 45, maximumTurn: 90, upAngle: 60, upSpeed: 0.5, downAngle: 'any', downSpeed: 2, betweenDownAndUp: 5 },
  poor: { minimumForward: 0.5, hover: false, moveBackward: false, reverseCost: null, turnDegrees: 45, turnDistance: 5, turnInPlace: null, maximumTurn: 45, upAngle: 45, upSpeed: 0.5, downAngle: 45, downSpeed: 2, betweenDownAndUp: 10 },
  clumsy: { minimumForward: 0.5, hover: false, moveBackward: false, reverseCost: null, turnDegrees: 45, turnDistance: 10, turnInPlace: null, maximumTurn: 45, upAngle: 45, upSpeed: 0.5, downAngle: 45, downSpeed: 2, betweenDownAndUp: 20 },
};

export interface StallRound {
  round: number;
  /** Feet fallen this round. */
  fell: number;
  altitude: number;
  recovered: boolean;
}

export interface StallAnswer {
  rounds: StallRound[];
  /** It hit the ground. */
  landed: boolean;
  /** Falling damage for the whole distance fallen, when it hit the ground. */
  fall: FallAnswer | null;
}

/**
 * d20-phb-30.txt › Minimum Forward Speed: a stalled flyer too high to land "falls straight down,
 * descending 150 feet in the first round … If the fall doesn't bring the creature to the ground, it
 * must spend its next turn recovering from the stall. It must succeed on a DC 20 Reflex save to
 * recover. Otherwise it falls another 300 feet." `saves` are the outcomes of those saves, in order
 * (the caller rolls them); it keeps falling while there are failed saves to read.
 */
export function stall(altitude: number, saves: boolean[]): StallAnswer {
  const rounds: StallRound[] = [];
  let height = Math.max(0, altitude);
  let fallen = 0;
  const drop = (round: number, distance: number) => {
    const fell = Math.min(distance, height);
    height -= fell;
    fallen += fell;
    rounds.push({ round, fell, altitude: height, recovered: false });
  };
  drop(1, 150);
  for (let i = 0; height > 0 && i < saves.length; i++) {
    if (saves[i]) {
      rounds.push({ round: i + 2, fell: 0, altitude: height, recovered: true });
      return { rounds, landed: false, fall: null };
    }
    drop(i + 2, 300);
  }
  const landed = height === 0;
  return { rounds, landed, fall: landed ? d20Fall({ height: fallen }, 'd20-phb-30.txt') : null };
}

/**
 * Flight by d20-phb-30.txt › Tactical Aerial Movement, counted in half squares (2.5 ft). A step
 * costs what it would on the ground (1 square, diagonals 1-2-1; 1 square straight up or down), times
 * the speed it is flown at: climbing at the up speed (half: doubled; perfect: full), descending at
 * "twice its normal flying speed" (halved). Straight up needs an up angle of "Any" (perfect, good);
 * straight down a down angle of "Any" (perfect, good, average); one square along and one up or down
 * is a 45° climb or dive, which every flyer may make. Below half its fly speed an average, poor or
 * clumsy flyer has not kept its minimum forward speed: if it stops in the air it stalls.
 */
export const d20AerialFlight: FlightRules = {
  unitsPerSquare: 2,
  step(step, creature) {
    const row = MANEUVERABILITY[creature.speed.maneuverability ?? 'average'];
    let base = 1;
    let parity = step.parity;
    if (step.horizontal === 2) {
      base = parity ? 2 : 1;
      parity ^= 1;
    }
    if (step.vertical === 1) {
      if (step.horizontal === 0 && row.upAngle !== 'any') return -1;
      return packStep(base * (row.upSpeed >= 1 ? 2 : 4), parity);
    }
    if (step.vertical === -1) {
      if (step.horizontal === 0 && row.downAngle !== 'any') return -1;
      return packStep(base, parity);
    }
    return packStep(base * 2, parity);
  },
  stalls(creature, costSquares) {
    const row = MANEUVERABILITY[creature.speed.maneuverability ?? 'average'];
    const fly = creature.speed.fly ?? 0;
    return row.minimumForward > 0 && costSquares * 5 < fly * row.minimumForward;
  },
  maneuver: judgeManeuver,
  finish(log, creature, altitude) {
    const row = MANEUVERABILITY[creature.speed.maneuverability ?? 'average'];
    const needed = (creature.speed.fly ?? 0) * row.minimumForward;
    if (altitude > 0 && log.forward < needed) {
      // "descending 150 feet in the first round of falling": no further than the ground, as Play
      // carries it out (`stall`), so the preview says the fall the log will.
      const first = stall(altitude, []);
      const fell = first.rounds[0]!.fell;
      const dice = first.fall?.dice.map((d) => `${d.count}d${d.sides}`).join(' + ');
      const fall = first.landed ? `falls ${fell} ft to the ground${dice ? ` (falling damage ${dice})` : ', too short a fall to hurt'}` : `falls ${fell} ft, to ${first.rounds[0]!.altitude} ft up`;
      return `${creature.name} flew ${log.forward} ft forward, under its minimum forward speed of ${needed} ft: it stalls and ${fall} (d20-phb-30.txt › Minimum Forward Speed)`;
    }
    return null;
  },
};

/**
 * d20-phb-30.txt › Maneuverability, applied step by step: turning (so many degrees after so many
 * feet, never more than the maximum turn in one space, turning in place for speed where allowed),
 * flying backward (perfect and good only; good pays 5 ft to start), and the level distance needed
 * between descending and climbing.
 */
function judgeManeuver(log: FlightLog, dx: number, dy: number, dz: number, creature: Creature): FlightCheck {
  const row = MANEUVERABILITY[creature.speed.maneuverability ?? 'average'];
  const name = creature.name;
  let extra = 0;
  if (dz > 0 && log.levelSinceDescent < row.betweenDownAndUp) {
    return { problem: `${name} must fly level ${row.betweenDownAndUp} ft between descending and climbing`, extra: 0 };
  }
  if (dx || dy) {
    const heading = headingOf(dx, dy);
    const stepFeet = 5;
    if (log.heading >= 0 && heading !== log.heading && row.turnDegrees !== 'any') {
      const turn = Math.min((heading - log.heading + 8) % 8, (log.heading - heading + 8) % 8) * 45;
      const reversing = turn === 180 && row.moveBackward;
      if (reversing) {
        // › Reverse: "A creature with good maneuverability uses up 5 feet of its speed to start flying backward."
        if (!log.backward) extra += (row.reverseCost ?? 0) / 2.5;
        log.backward = true;
      } else {
        const earned = Math.floor(log.sinceTurn / row.turnDistance) * row.turnDegrees;
        let missing = Math.max(0, turn - earned);
        if (missing > 0 && typeof row.turnInPlace === 'number') {
          // › Turn in Place: so many degrees for 5 ft of speed each.
          const buys = Math.ceil(missing / row.turnInPlace);
          extra += (buys * 5) / 2.5;
          missing = 0;
        }
        if (missing > 0 && row.turnInPlace !== 'any') {
          return { problem: `${name} cannot turn ${turn}° after ${log.sinceTurn} ft: it turns ${row.turnDegrees}° per ${row.turnDistance} ft (d20-phb-30.txt › Maneuverability)`, extra: 0 };
        }
        if (row.maximumTurn !== 'any' && turn > row.maximumTurn) {
          return { problem: `${name} cannot turn ${turn}° in one space: its maximum turn is ${row.maximumTurn}°`, extra: 0 };
        }
        log.sinceTurn = 0;
        log.backward = false;
      }
    }
    log.heading = log.heading < 0 || !log.backward ? heading : log.heading;
    log.sinceTurn += stepFeet;
    log.forward += stepFeet;
  }
  if (dz < 0) log.levelSinceDescent = 0;
  else if (dz === 0 && (dx || dy)) log.levelSinceDescent += 5;
  return { problem: null, extra };
}
