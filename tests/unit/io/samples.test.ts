import Ajv2020 from 'ajv/dist/2020';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import { RULESET_IDS } from '../../../src-shared/model';
import { reachableSquares } from '../../../src-shared/rules';

const dir = path.resolve(__dirname, '../../../resources/encounters');
const samples = readdirSync(dir).filter((f) => f.endsWith('.encounter'));
const schema = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/encounter.schema.json'), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

describe('sample encounters in resources/', () => {
  it('cover every ruleset', () => {
    const rulesets = samples.map((f) => (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { ruleset: string }).ruleset);
    expect(new Set(rulesets)).toEqual(new Set(RULESET_IDS));
  });

  for (const file of samples) {
    it(`${file} is valid by docs/encounter.schema.json, loads, matches its text scenario, and every creature can move`, () => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const data = JSON.parse(text);
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      const parsed = parseEncounter(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const scenario = parseScenario(readFileSync(path.join(dir, file.replace(/\.encounter$/, '.txt')), 'utf8'));
      expect(serializeEncounter(scenario)).toBe(text);
      for (const c of parsed.encounter.creatures) {
        const reach = reachableSquares(parsed.encounter, c.id, { action: 'move' });
        expect(reach.squares.length, c.id).toBeGreaterThan(1);
      }
    });
  }

  it('the JSON Schema rejects what the loader rejects', () => {
    const data = JSON.parse(readFileSync(path.join(dir, samples[0]!), 'utf8'));
    data.creatures[0].size = 'enormous';
    expect(validate(data)).toBe(false);
    data.creatures[0].size = 'medium';
    data.map.width = 0;
    expect(validate(data)).toBe(false);
  });
});
