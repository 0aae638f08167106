import { RULESETS } from '../model';
import { rulesBesideText } from './cite';
import { diceRollText } from './dice-roller';
import { conditionsOf } from './conditions';
import { freshHealth } from './health';
import type { LogEntry, PlayState } from './types';

/**
 * The play log as plain text or Markdown, for the GM's notes: one line per entry with its round, the
 * dice and the rules cited, then where everybody stands and the damage taken.
 */
export type LogFormat = 'text' | 'markdown';

function diceLine(e: LogEntry): string {
  return e.dice.map((d) => `${d.what}: ${diceRollText(d)}`).join('; ');
}

export function exportLog(state: PlayState, format: LogFormat, title = state.board.name): string {
  const info = RULESETS[state.board.ruleset];
  const md = format === 'markdown';
  const out: string[] = [];
  out.push(md ? `# ${title} — play log` : `${title} — play log`);
  out.push(md ? '' : '='.repeat(Math.min(72, title.length + 11)));
  out.push(`${info.name} (${info.text}).`);
  out.push('');
  let round = -1;
  for (const e of state.entries) {
    if (e.round !== round) {
      round = e.round;
      const head = round === 0 ? 'Before the fight' : `Round ${round}`;
      out.push(md ? `## ${head}` : head);
      out.push('');
    }
    const rules = rulesBesideText(e).map((r) => r.display).join('; ');
    const dice = diceLine(e);
    const extra = [dice && (md ? `dice: ${dice}` : `dice: ${dice}`), rules && `rules: ${rules}`].filter(Boolean).join(' — ');
    const text = e.refused ? `(not replayed) ${e.text}` : e.text;
    if (md) out.push(`${e.index + 1}. ${text}${extra ? `  \n   _${extra}_` : ''}`);
    else out.push(`${String(e.index + 1).padStart(3)}. ${text}${extra ? `\n     ${extra}` : ''}`);
  }
  out.push('');
  out.push(md ? '## Where everybody stands' : 'Where everybody stands');
  out.push('');
  const unit = info.lengthUnit;
  if (md) {
    out.push('| creature | square | altitude | prone | damage | nonlethal | hit points | conditions |');
    out.push('|---|---|---|---|---|---|---|---|');
  }
  for (const c of state.board.creatures) {
    const h = state.health.get(c.id) ?? freshHealth();
    const hp = h.hitPoints === null ? '—' : `${h.hitPoints - h.damage} of ${h.hitPoints}${h.temporary ? ` (+${h.temporary} temporary)` : ''}`;
    // Prone has its own column; the other conditions the GM set are listed by name.
    const conditions = conditionsOf(state, c.id).filter((r) => r.id !== 'prone').map((r) => r.label.toLowerCase());
    if (md) out.push(`| ${c.name} | ${c.x},${c.y} | ${c.altitude} ${unit} | ${c.prone ? 'yes' : 'no'} | ${h.damage} | ${h.nonlethal} | ${hp} | ${conditions.join(', ') || '—'} |`);
    else out.push(`  ${c.name}: ${c.x},${c.y}${c.altitude ? `, ${c.altitude} ${unit} up` : ''}${c.prone ? ', prone' : ''}${conditions.length ? `, ${conditions.join(', ')}` : ''}; damage ${h.damage}${h.nonlethal ? `, nonlethal ${h.nonlethal}` : ''}${h.hitPoints === null ? '' : `; hit points ${hp}`}`);
  }
  const open = state.pending.filter((p) => p.status === 'open');
  if (open.length) {
    out.push('');
    out.push(md ? '## Attacks of opportunity still open' : 'Attacks of opportunity still open');
    out.push('');
    for (const p of open) out.push(`${md ? '- ' : '  '}${p.attackerName} on ${p.targetName} at ${p.at.x},${p.at.y} (${p.rule.display})`);
  }
  return `${out.join('\n')}\n`;
}
