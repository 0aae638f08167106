import type { Encounter, RulesetId } from '../model';
import { parseEncounter } from './encounter-file';
import { importUvtt, looksLikeUvtt } from './import/uvtt';
import { parseScenario, ScenarioError } from './scenario';

export type ReadResult =
  | { ok: true; encounter: Encounter; format: 'file' | 'scenario' | 'uvtt'; notes?: string[] }
  | { ok: false; error: string };

/** The ruleset an imported Universal VTT map gets (the format has none); the user can change it. */
export const DEFAULT_IMPORT_RULESET: RulesetId = 'd20-35';

/**
 * Reads what the user opened: an encounter file (JSON), a Universal VTT map (`.dd2vtt`, `.uvtt`) or
 * a text scenario (`.txt`, or anything that is not a JSON object). Never throws: a bad file comes
 * back as a message naming the problem.
 */
export function readEncounterText(text: string, fileName: string, ruleset: RulesetId = DEFAULT_IMPORT_RULESET): ReadResult {
  if (looksLikeUvtt(fileName, text)) {
    const base = fileName.split(/[\\/]/).pop()!.replace(/\.[^.]+$/, '');
    const imported = importUvtt(text, { ruleset, name: base || 'Imported map' });
    return imported.ok ? { ok: true, encounter: imported.encounter, format: 'uvtt', notes: imported.notes } : imported;
  }
  const scenario = fileName.toLowerCase().endsWith('.txt') || !/^\s*\{/.test(text);
  if (!scenario) {
    const parsed = parseEncounter(text);
    if (!parsed.ok) return parsed;
    const notes = (parsed.renamed ?? []).map((r) => `The creature "${r.from}" was renamed "${r.to}": its id is a reserved name. Save to keep the new id.`);
    return { ok: true, encounter: parsed.encounter, format: 'file', ...(notes.length ? { notes } : {}) };
  }
  try {
    return { ok: true, encounter: parseScenario(text), format: 'scenario' };
  } catch (e) {
    if (e instanceof ScenarioError) return { ok: false, error: e.message };
    return { ok: false, error: (e as Error).message };
  }
}
