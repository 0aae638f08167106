import { describe, expect, it } from 'vitest';
import { encounterToFile, parseEncounter, parseScenario, readEncounterText } from '../../../src-shared/io';
import { checkEncounterText } from '../../../src-shared/io/encounter-file';
import { createEncounter, makeCreature } from '../../../src-shared/model';

/** Every name an ordinary object answers without having it (issue 19 › 1): all must be refused as ids. */
const INHERITED = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

function fileWithCreatures(ids: string[], play?: unknown): string {
  const e = createEncounter({ name: 'Shared', ruleset: 'd20-35', width: 4, height: 4 });
  ids.forEach((id, i) => e.creatures.push(makeCreature({ id, name: `C${i}`, size: 'medium', side: 'enemy', x: i % 4, y: 0, speed: { walk: 30 } })));
  const file = encounterToFile(e) as unknown as Record<string, unknown>;
  if (play) file['play'] = play;
  return JSON.stringify(file);
}

describe('reserved and inherited names in an encounter file (issue 19 › 1)', () => {
  it.each(INHERITED)('opens a file whose creature is named %s with that creature renamed, and says so', (id) => {
    const parsed = parseEncounter(fileWithCreatures([id, 'B']));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const renamed = parsed.encounter.creatures[0]!.id;
    expect(renamed).not.toBe(id);
    expect(INHERITED).not.toContain(renamed);
    expect(renamed).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
    expect(parsed.encounter.creatures[0]!.name).toBe('C0');
    expect(parsed.encounter.creatures[1]!.id).toBe('B');
    expect(parsed.renamed).toEqual([{ from: id, to: renamed }]);
  });

  it('renames the creature in the play log too, so the session replays the same fight', () => {
    const play = {
      seed: 7,
      cursor: 4,
      log: [
        { kind: 'initiative', scores: { constructor: 12, B: 9 } },
        { kind: 'order', order: ['B', 'constructor'] },
        { kind: 'damage', creature: 'constructor', amount: 5 },
        { kind: 'forced', effect: 'push', target: 'B', by: 'constructor', squares: 1 },
      ],
    };
    const parsed = parseEncounter(fileWithCreatures(['constructor', 'B'], play));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const to = parsed.encounter.creatures[0]!.id;
    const log = parsed.encounter.play!.log as unknown as Record<string, unknown>[];
    expect(log[0]!['scores']).toEqual({ [to]: 12, B: 9 });
    expect(Object.getPrototypeOf(log[0]!['scores'])).toBe(Object.prototype);
    expect(log[1]!['order']).toEqual(['B', to]);
    expect(log[2]!['creature']).toBe(to);
    expect(log[3]!['by']).toBe(to);
  });

  it('never takes the name of another creature when renaming', () => {
    const parsed = parseEncounter(fileWithCreatures(['toString', 'toString-renamed']));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const ids = parsed.encounter.creatures.map((c) => c.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids[1]).toBe('toString-renamed');
  });

  it('refuses a reserved name in the play log that names no creature', () => {
    const play = { seed: 1, cursor: 1, log: [{ kind: 'initiative', scores: { ['__proto__']: 3 } }] };
    const text = fileWithCreatures(['A'], play);
    expect(text).toContain('"scores":{"__proto__":3}');
    const parsed = parseEncounter(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/__proto__.*reserved/);
  });

  it('refuses to save a reserved id (the app renames them on open, so only a hand-made text has one)', () => {
    const check = checkEncounterText(fileWithCreatures(['hasOwnProperty']));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(/creatures\[0\]\.id: "hasOwnProperty" is a reserved name/);
  });

  it('resuming never touches Object.prototype', () => {
    const parsed = parseEncounter(fileWithCreatures(['__proto__'], { seed: 1, cursor: 1, log: [{ kind: 'hit-points', creature: '__proto__', hitPoints: 9 }] }));
    expect(parsed.ok).toBe(true);
    expect(({} as Record<string, unknown>)['hitPoints']).toBeUndefined();
  });

  it('reports the renames through readEncounterText as notes', () => {
    const read = readEncounterText(fileWithCreatures(['valueOf']), 'shared.encounter');
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.notes?.join(' ')).toMatch(/"valueOf" was renamed "valueOf-renamed"/);
  });
});

describe('reserved names and numbers in a text scenario (issue 19 › 1)', () => {
  it.each(INHERITED)('refuses %s as a creature id', (id) => {
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  . .\ncreatures:\n  ${id}: at=0,0\n`)).toThrow(/reserved/);
  });

  it.each(['0x1e', '0X1E', '0b11110', '0o36', '30_0', 'Infinity', '+'])('refuses speed=%s (numbers are decimal)', (value) => {
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  . .\ncreatures:\n  A: at=0,0 speed=${value}\n`)).toThrow(/is not a (decimal )?number/);
  });

  it.each([['30', 30], ['2.5', 2.5], ['0', 0], ['3e1', 30]])('reads speed=%s as %d', (value, expected) => {
    const e = parseScenario(`ruleset: d20-35\nmap:\n  . .\ncreatures:\n  A: at=0,0 speed=${value}\n`);
    expect(e.creatures[0]!.speed.walk).toBe(expected);
  });

  it('refuses a hexadecimal number in an elevation grid', () => {
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  . .\nelevation:\n  0x10 0\n`)).toThrow(/not a (decimal )?number/);
  });
});
