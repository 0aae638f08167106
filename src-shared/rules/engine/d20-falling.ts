import { damageOf } from './damage';
import type { FallAnswer, FallRequest } from './falling';

/**
 * Both d20 texts name "falling damage" (d20-phb-30.txt › Minimum Forward Speed) without giving it;
 * the d20 rule is used: 1d6 per 10 ft fallen, at most 20d6. The texts give no landing position,
 * surface, jump or water rules, so those options do not change a d20 fall.
 */
export function d20Fall(req: FallRequest, text: string): FallAnswer {
  const notes: string[] = [];
  let count = Math.floor(Math.max(0, req.height) / 10);
  if (count > 20) {
    count = 20;
    notes.push('At most 20d6.');
  }
  if (req.surface && req.surface !== 'normal') notes.push(`${text} has no surface modifiers for falls.`);
  if (req.deliberate || req.acrobatics || req.waterDepth) notes.push(`${text} has no rules for jumps, skill checks or water in falls.`);
  return { ...damageOf([{ count, sides: 6, perDie: 0, kind: 'lethal' }]), height: req.height, prone: false, gmDecides: false, notes };
}
