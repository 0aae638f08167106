import { damageOf } from '../engine/damage';
import type { FallAnswer, FallRequest } from '../engine/falling';

export const DEFAULT_MASS_KG = 80;

/**
 * A creature's mass when the GM has not set one. startroid.txt › Inertia gives none ("your mass is
 * well known and not greatly variable"): a Medium human's 80 kg, scaled by the volume of the space
 * (a Tiny creature's 0.75 m space is an eighth of a 1.5 m one; Large 2 × 2 × 2 is eight times), and
 * Small at half (it shares Medium's space but not its bulk). A reading, documented in docs/rules.md.
 */
export const MASS_BY_SIZE: Readonly<Record<string, number>> = { tiny: 10, small: 40, medium: 80, large: 640, huge: 2160, gargantuan: 5120 };

/** The mass a falling creature hits with: its own, else its size's default. */
export function massOf(c: { size: string; mass?: number }): number {
  return c.mass ?? (Object.hasOwn(MASS_BY_SIZE, c.size) ? MASS_BY_SIZE[c.size]! : DEFAULT_MASS_KG);
}

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
    mass = massOf({ size: req.size ?? 'medium' });
    notes.push(req.size ? `No mass set: ${mass} kg, the default for a ${req.size} creature.` : `No mass given: ${mass} kg assumed.`);
  }
  const velocity = Math.sqrt(19.6 * gravity * Math.max(0, req.height));
  const momentum = mass * velocity;
  const count = Math.floor(momentum / 200 + 1e-9);
  notes.push(`Impact at ${velocity.toFixed(2)} m/s: ${Math.round(momentum)} kg·m/s.`);
  if (req.acrobatics) notes.push('An Acrobatics check can reduce the damage (the text gives no amount).');
  const damage = damageOf([{ count, sides: 10, perDie: 0, kind: 'lethal' }]);
  return { ...damage, height: req.height, prone: count === 0 ? false : count >= 2 ? true : 'if-more-than-1', gmDecides: false, notes };
}
