import { RULESETS } from '../model';
import { AreaRefused, areaCovers, type AreaAnswer, type AreaTemplate } from '../rules/areas';
import { cite } from './cite';
import { entry } from './state';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState } from './types';

/**
 * Area templates in play (issue 17 › 5): a GM tool the texts do not define (see rules/areas.ts).
 * Placing one is logged with the creatures it covers, so a replay lists the same; it stays on the
 * board until the GM clears it (`clear-area`), because an area's duration is the effect's and no
 * text here gives one: the GM takes it off when the effect ends.
 */

const COVER_WORDS = {
  none: '',
  soft: ' (soft cover: no bonus on Reflex saves)',
  cover: ' (cover: +2 on Reflex saves)',
  total: '',
} as const;

/** "burst, 4 squares (20 ft)" */
export function areaSizeText(t: Pick<AreaTemplate, 'shape' | 'size'>, ruleset: PlayState['board']['ruleset']): string {
  const info = RULESETS[ruleset];
  const what = t.shape === 'burst' ? 'radius' : t.shape === 'cube' ? 'side' : 'long';
  return `${t.size} ${t.size === 1 ? 'square' : 'squares'} ${what} (${+(t.size * info.squareSize).toFixed(2)} ${info.lengthUnit})`;
}

/** Who an area covers, in words: the affected creatures (with cover), then those behind total cover. */
export function coveredText(covers: AreaAnswer): string {
  const hit = covers.creatures.filter((c) => c.cover !== 'total');
  const behind = covers.creatures.filter((c) => c.cover === 'total');
  const parts = [hit.length ? `covers ${hit.map((c) => `${c.name}${COVER_WORDS[c.cover]}`).join(', ')}` : 'covers no creature'];
  if (behind.length) parts.push(`${behind.map((c) => c.name).join(', ')} ${behind.length === 1 ? 'has' : 'have'} no line of effect from its origin (not covered)`);
  return parts.join('; ');
}

export function placeArea(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'area' }>): LogEntry {
  const template: AreaTemplate = { shape: action.shape, size: action.size, origin: { x: action.origin.x, y: action.origin.y }, ...(action.toward ? { toward: { x: action.toward.x, y: action.toward.y } } : {}) };
  let covers: AreaAnswer;
  try {
    covers = areaCovers(state.board, template);
  } catch (e) {
    if (e instanceof AreaRefused) throw new PlayRefused(e.message, null);
    throw e;
  }
  const label = action.label?.trim() || `${action.shape[0]!.toUpperCase()}${action.shape.slice(1)}`;
  const where = action.shape === 'cube' && action.size % 2 === 1 ? `centred on ${action.origin.x},${action.origin.y}` : `from the corner ${action.origin.x},${action.origin.y}`;
  const aim = action.toward ? ` toward ${+action.toward.x.toFixed(2)},${+action.toward.y.toFixed(2)}` : '';
  const e = entry(state, index, action, null, `${label}: ${action.shape}, ${areaSizeText(template, state.board.ruleset)}, ${where}${aim}; ${coveredText(covers)} (GM).`);
  for (const r of covers.rules) {
    const [file, heading] = r.split(' › ');
    e.rules.push(cite(file!, heading!));
  }
  if (covers.creatures.some((c) => c.cover === 'cover' || c.cover === 'soft')) e.rules.push(cite('d20-phb-30.txt', 'Cover and Reflex Saves'));
  e.squares = covers.squares.map((q) => ({ x: q.x, y: q.y }));
  // Named by the entry's number as the log prints it (from 1), so a script can clear it by that number.
  state.areas.push({ id: String(index + 1), label, template, covers, round: state.round });
  return e;
}

export function clearArea(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'clear-area' }>): LogEntry {
  if (action.area === undefined) {
    if (!state.areas.length) throw new PlayRefused('There is no area template on the board to clear.');
    const names = state.areas.map((a) => a.label);
    state.areas = [];
    return entry(state, index, action, null, `Cleared ${names.length === 1 ? 'the area' : 'every area'}: ${names.join(', ')} (GM).`);
  }
  const placed = state.areas.find((a) => a.id === action.area);
  if (!placed) throw new PlayRefused(`There is no area "${action.area}" on the board.`);
  state.areas = state.areas.filter((a) => a !== placed);
  return entry(state, index, action, null, `Cleared the area ${placed.label} (GM).`);
}
