import type { Creature, RulesetId } from '../model';
import { d20Fall } from './engine/d20-falling';
import { damageOf } from './engine/damage';
import type { FallAnswer, FallRequest } from './engine/falling';
import { epicPathFall } from './epic-path/falling';
import { startroidFall } from './startroid/inertia';

/** What of the falling creature a fall depends on (Startroid: its mass, or its size's default). */
export function fallingBody(c: Pick<Creature, 'size' | 'mass'>): Pick<FallRequest, 'mass' | 'size'> {
  return c.mass === undefined ? { size: c.size } : { mass: c.mass, size: c.size };
}

/** What a fall does under each ruleset's own text. Heights in the ruleset's length unit. */
export function fallDamage(ruleset: RulesetId, req: FallRequest): FallAnswer {
  switch (ruleset) {
    case 'epic-path':
      return epicPathFall(req);
    case 'd20-35':
      return d20Fall(req, 'd20-srd-35.txt');
    case 'd20-30':
      return d20Fall(req, 'd20-phb-30.txt');
    case 'startroid':
      return startroidFall(req);
    case '6d6':
      // 6d6.txt › Failing a movement action: "plummeting to the ground" — and no formula. › Standing,
      // Sitting & Lying Down: a character that "falls down" must stand up afterwards (a movement action
      // with the square's MR): it lands lying down.
      return { ...damageOf([]), height: req.height, prone: true, gmDecides: true, notes: ['6d6.txt gives no falling damage: the Game Leader decides it.', 'It falls down: standing up afterwards takes a movement action (6d6.txt › Standing, Sitting & Lying Down).'] };
  }
}
