import { RULESETS, type Encounter } from '../../model';
import { clearLine } from '../engine/sight';
import { footprintSide } from '../engine/sizes';
import { MoveRefused } from '../engine/types';
import { SIZES } from './sizes';
import { startroid } from './index';

export interface TeleportAnswer {
  legal: boolean;
  reason: string;
}

/**
 * startroid.txt › Teleportation: the destination must be seen ("Line of Sight", no line of effect
 * needed), within the power's range, and "a space you can occupy without squeezing"; no opportunity
 * attacks. Sight runs from any square of the creature's space to any square of the destination.
 */
export function teleport(encounter: Encounter, creatureId: string, to: { x: number; y: number }, range?: number): TeleportAnswer {
  if (encounter.ruleset !== 'startroid') throw new MoveRefused('Teleportation is a Startroid rule (startroid.txt › Teleportation).');
  const c = encounter.creatures.find((k) => k.id === creatureId);
  if (!c) throw new MoveRefused(`There is no creature "${creatureId}" in this encounter.`);
  const map = encounter.map;
  const side = footprintSide(SIZES[c.size] ?? { space: 1.5, reach: 0 }, RULESETS.startroid.squareSize);
  if (to.x < 0 || to.y < 0 || to.x + side > map.width || to.y + side > map.height) return { legal: false, reason: `${to.x},${to.y} is off the map for a ${c.size} creature` };
  if (range !== undefined) {
    const gap = Math.max(Math.max(0, to.x - (c.x + side - 1), c.x - (to.x + side - 1)), Math.max(0, to.y - (c.y + side - 1), c.y - (to.y + side - 1)));
    if (gap > range) return { legal: false, reason: `${to.x},${to.y} is ${gap} squares away, beyond the power's ${range}` };
  }
  for (let y = to.y; y < to.y + side; y++) {
    for (let x = to.x; x < to.x + side; x++) {
      const i = y * map.width + x;
      if (startroid.going(map.terrain[i] as never, 'walk', false, map.blockade[i]!) === 3) return { legal: false, reason: `${x},${y} is blocking terrain: the destination must be a space it can occupy` };
    }
  }
  for (const o of encounter.creatures) {
    if (o.id === c.id) continue;
    const os = footprintSide(SIZES[o.size] ?? { space: 1.5, reach: 0 }, RULESETS.startroid.squareSize);
    const overlaps = o.x < to.x + side && to.x < o.x + os && o.y < to.y + side && to.y < o.y + os;
    if (overlaps && !(c.size === 'tiny' && o.size !== 'tiny')) return { legal: false, reason: `${o.name} occupies ${to.x},${to.y}` };
  }
  for (let sy = c.y; sy < c.y + side; sy++) for (let sx = c.x; sx < c.x + side; sx++) {
    for (let ty = to.y; ty < to.y + side; ty++) for (let tx = to.x; tx < to.x + side; tx++) {
      // › Teleportation: "Line of Sight" only — "even if you don't have line of effect to it".
      if (clearLine(map, sx, sy, tx, ty, 'sight')) return { legal: true, reason: '' };
    }
  }
  return { legal: false, reason: `${c.name} cannot see ${to.x},${to.y} (startroid.txt › Teleportation: line of sight)` };
}
