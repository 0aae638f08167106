import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  MAX_FILE_BYTES,
  parseEncounter,
  parseScenario,
  readEncounterText,
  savedSizeBound,
  ScenarioError,
  serializeEncounter,
} from '../../../src-shared/io';
import { MAX_MAP_SIDE } from '../../../src-shared/model';

/** A map of `side` × `side` normal squares and `n` creatures placed with at=. */
function crowd(n: number, side = 256, extra = ''): string {
  const lines = ['ruleset: d20-35', 'map:'];
  const row = '  ' + Array(side).fill('.').join(' ');
  for (let y = 0; y < side; y++) lines.push(row);
  lines.push('creatures:');
  for (let i = 0; i < n; i++) lines.push(`  c${i}: at=${i % side},${Math.floor(i / side) % side}${extra}`);
  return lines.join('\n') + '\n';
}

const one = (creature: string, more = '') => `ruleset: d20-35\n${more}map:\n  . . .\n  . . .\ncreatures:\n  A: ${creature} at=1,1\n`;

function saves(text: string): void {
  const parsed = parseEncounter(serializeEncounter(parseScenario(text)));
  expect(parsed.ok ? 'ok' : parsed.error).toBe('ok');
}

describe('opening a text scenario scales and has limits', () => {
  // Before: each creature was checked against every earlier one, so this never finished in the
  // test's time (50,000 took 8 s). No time is asserted: the default test timeout is the bound.
  it('opens the largest crowd the format allows', () => {
    const e = parseScenario(crowd(LIMITS.creatures));
    expect(e.creatures).toHaveLength(LIMITS.creatures);
    expect(e.creatures.at(-1)!.id).toBe(`c${LIMITS.creatures - 1}`);
  });

  it('refuses too many creatures before reading any of them', () => {
    // The creature lines are nonsense: the count is refused first, so no line is ever parsed.
    const text = 'ruleset: d20-35\nmap:\n  .\ncreatures:\n' + '  ?\n'.repeat(LIMITS.creatures + 1);
    expect(() => parseScenario(text)).toThrow(`more than the ${LIMITS.creatures.toLocaleString('en')} creatures`);
  });

  it('refuses a map with too many rows or columns before building it', () => {
    const tall = 'ruleset: d20-35\nmap:\n' + '  ?\n'.repeat(MAX_MAP_SIDE + 1);
    expect(() => parseScenario(tall)).toThrow(`more than ${MAX_MAP_SIDE} rows`);
    const wide = `ruleset: d20-35\nmap:\n  ${'? '.repeat(MAX_MAP_SIDE + 1)}\n`;
    expect(() => parseScenario(wide)).toThrow(`more than ${MAX_MAP_SIDE} squares`);
  });

  it('refuses a text over the file size limit without reading it', () => {
    const huge = 'ruleset: d20-35\n//' + 'x'.repeat(MAX_FILE_BYTES);
    expect(() => parseScenario(huge)).toThrow(`over the ${MAX_FILE_BYTES / 1048576} MiB limit`);
    const read = readEncounterText(huge, 'big.txt');
    expect(read.ok ? 'ok' : read.error).toMatch(/MiB limit/);
  });
});

describe('one grammar: whatever a scenario accepts can be saved', () => {
  it.each([
    ['speed=-5', 'speed=-5'],
    ['speed over the limit', `speed=${LIMITS.speed + 1}`],
    ['fly over the limit', `fly=${LIMITS.speed + 1}`],
    ['negative swim', 'swim=-1'],
    ['negative reach', 'reach=-5'],
    ['altitude over the limit', `alt=${LIMITS.length + 1}`],
    ['slot 100', `slot=${LIMITS.slot + 1}`],
    ['fractional slot', 'slot=1.5'],
    ['long name', `name=${'n'.repeat(LIMITS.nameChars + 1)}`],
    ['long race', `race=${'r'.repeat(LIMITS.idChars + 1)}`],
  ])('refuses %s with a message', (_what, token) => {
    expect(() => parseScenario(one(`size=medium ${token}`))).toThrow(ScenarioError);
  });

  it('accepts every bound itself, and the result saves', () => {
    saves(
      one(
        `speed=${LIMITS.speed} fly=0 swim=${LIMITS.speed} reach=${LIMITS.speed} alt=-${LIMITS.length} slot=${LIMITS.slot} name=${'n'.repeat(LIMITS.nameChars)} race=${'r'.repeat(LIMITS.idChars)}`,
        `settings: gravity=${LIMITS.gravity} fallDiceCap=${LIMITS.fallDiceCap} flightCeiling=${LIMITS.length}\n`,
      ),
    );
  });

  it('refuses a long creature id or encounter name', () => {
    const id = 'a'.repeat(LIMITS.idChars + 1);
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  .\ncreatures:\n  ${id}: at=0,0\n`)).toThrow(/id/);
    expect(() => parseScenario(`ruleset: d20-35\nname: ${'n'.repeat(LIMITS.nameChars + 1)}\nmap:\n  .\n`)).toThrow(/name/);
  });

  it.each([
    ['gravity', `gravity=${LIMITS.gravity + 1}`],
    ['a fractional fall dice cap', 'fallDiceCap=2.5'],
    ['a negative flight ceiling', 'flightCeiling=-1'],
  ])('refuses %s in settings', (_what, pair) => {
    expect(() => parseScenario(`ruleset: d20-35\nsettings: ${pair}\nmap:\n  .\n`)).toThrow(ScenarioError);
  });

  it.each([
    ['elevation', `${LIMITS.length * 10}`],
    ['water', `${LIMITS.length + 1}`],
    ['surface', '300'],
    ['surface', '1.5'],
  ])('refuses %s %s that no file could hold', (section, value) => {
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  . .\n${section}:\n  0 ${value}\n`)).toThrow(ScenarioError);
  });

  it('refuses a scenario whose saved form would be over the file size limit', { timeout: 120_000 }, () => {
    // 2048 × 2048 squares with elevation and water changing every square: about 50 MiB of text,
    // but the run-length saved form lists every square twice, and 0.1 and 0.3 as 32-bit floats are
    // written 0.10000000149011612 and 0.30000001192092896: over 180 MiB.
    const side = MAX_MAP_SIDE;
    const map = ('  ' + '. '.repeat(side) + '\n').repeat(side);
    const even = '  ' + '0.1 0.3 '.repeat(side / 2) + '\n';
    const odd = '  ' + '0.3 0.1 '.repeat(side / 2) + '\n';
    const grid = Array.from({ length: side }, (_, y) => (y % 2 ? odd : even)).join('');
    const text = `ruleset: d20-35\nmap:\n${map}elevation:\n${grid}water:\n${grid}`;
    expect(text.length).toBeLessThan(MAX_FILE_BYTES);
    expect(() => parseScenario(text)).toThrow(new RegExp(`saved.*over the ${MAX_FILE_BYTES / 1048576} MiB limit`));
  });

  it('random scenarios within the limits always save and open again', () => {
    const number = (max: number, min = 0) => fc.integer({ min, max });
    fc.assert(
      fc.property(
        fc.record({
          speed: number(LIMITS.speed),
          fly: number(LIMITS.speed),
          reach: number(LIMITS.speed),
          alt: number(LIMITS.length, -LIMITS.length),
          slot: number(LIMITS.slot),
          elevation: number(LIMITS.length, -LIMITS.length),
          water: number(LIMITS.length),
          surface: number(4),
          name: fc.stringMatching(/^[a-z_]{1,200}$/),
        }),
        (r) => {
          saves(
            `ruleset: epic-path\nmap:\n  . ~\ncreatures:\n  A: speed=${r.speed} fly=${r.fly} reach=${r.reach} alt=${r.alt} slot=${r.slot} name=${r.name} at=0,0\n` +
              `elevation:\n  ${r.elevation} 0\nwater:\n  0 ${r.water}\nsurface:\n  ${r.surface} 0\n`,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the saved size bound', () => {
  it('is never below the real saved length, for the longest fields and a noisy map', () => {
    const worst = (i: number) =>
      `c${i}: size=gargantuan side=neutral speed=3333.3333333333335 fly=-0 swim=1e-7 climb=9999.123456789012 burrow=0.30000000000000004 ` +
      `maneuver=average reach=1234.5678901234567 alt=-99999.12345678901 armor=medium load=medium race=${'\u0001'.repeat(LIMITS.idChars)} ` +
      `name=${'\u0002'.repeat(LIMITS.nameChars)} slot=${LIMITS.slot} helpless prone at=2047,2047`;
    const row = (y: number) => '  ' + Array.from({ length: 64 }, (_, x) => ((x + y) % 2 ? '~' : ',')).join(' ');
    const grid = (y: number) => '  ' + Array.from({ length: 64 }, (_, x) => ((x * 7 + y * 3) % 11) * -1234.567).join(' ');
    const lines = (f: (i: number) => string) => Array.from({ length: 64 }, (_, i) => f(i)).join('\n');
    const e = parseScenario(
      `ruleset: epic-path\nname: ${'\u0003'.repeat(LIMITS.nameChars)}\nmap:\n${lines(row)}\nelevation:\n${lines(grid)}\n` +
        `creatures:\n${lines((i) => '  ' + worst(i).replace('at=2047,2047', `at=${i},${i}`))}\n`,
    );
    // Fields a scenario refuses in Epic Path (its text gives them no effect), set on the model directly.
    for (const c of e.creatures) Object.assign(c, { fillsSpace: true, reachWeapon: true, blinded: true, dead: true, resistance: '100d1000+999999', mass: 999999.1234567891 });
    expect(e.creatures).toHaveLength(64);
    expect(savedSizeBound(e)).toBeGreaterThanOrEqual(serializeEncounter(e).length);
  });
});

describe('reserved words', () => {
  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'])('refuses %s as a creature, a creature key, a setting or a section', (word) => {
    const reserved = new RegExp(`"${word}" is a reserved word`);
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  .\ncreatures:\n  ${word}: at=0,0\n`)).toThrow(reserved);
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  .\ncreatures:\n  A: ${word}=1 at=0,0\n`)).toThrow(reserved);
    expect(() => parseScenario(`ruleset: d20-35\nsettings: ${word}=1\nmap:\n  .\n`)).toThrow(reserved);
    expect(() => parseScenario(`ruleset: d20-35\n${word}: 1\nmap:\n  .\n`)).toThrow(reserved);
    // As map symbols and edge words too (an inherited property used to pass for a symbol).
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  . ${word}\n`)).toThrow(reserved);
    expect(() => parseScenario(`ruleset: d20-35\nmap:\n  . .\nwalls:\n  ${word} 0,0 1,0\n`)).toThrow(reserved);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
