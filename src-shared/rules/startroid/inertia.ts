import { damageOf } from '../engine/damage';
import type { FallAnswer, FallRequest } from '../engine/falling';

export const DEFAULT_MASS_KG = 80;

/**
 * startroid.txt › Inertia: 1d10 per 200 kg·m/s of momentum before impact; from rest under gravity,
 * v = (2ad)^.5 = (19.6 G d)^.5 with d in metres and G in g; "You fall prone unless you took 1 or less
 * damage."
 */
export function startroidFall(req: FallRequest): FallAnswer {
  const notes: string[] = [];
  const gravity = req.gravity ?? req.settings?.gravity ?? 1;
  let mass = req.mass;
  if (mass === undefined) {
    mass = DEFAULT_MASS_KG;
    notes.push(`No mass given: ${DEFAULT_MASS_KG} kg assumed.`);
  }
  const velocity = Math.sqrt(19.6 * gravity * Math.max(0, req.height));
  const momentum = mass * velocity;
  const count = Math.floor(momentum / 200 + 1e-9);
  notes.push(`Impact at ${velocity.toFixed(2)} m/s: ${Math.round(momentum)} kg·m/s.`);
  if (req.acrobatics) notes.push('An Acrobatics check can reduce the damage (the text gives no amount).');
  const damage = damageOf([{ count, sides: 10, perDie: 0, kind: 'lethal' }]);
  return { ...damage, height: req.height, prone: count === 0 ? false : count >= 2 ? true : 'if-more-than-1', gmDecides: false, notes };
}
