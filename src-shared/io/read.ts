import type { Encounter } from '../model';
import { parseEncounter } from './encounter-file';
import { parseScenario, ScenarioError } from './scenario';

export type ReadResult = { ok: true; encounter: Encounter; format: 'file' | 'scenario' } | { ok: false; error: string };

/**
 * Reads what the user opened: an encounter file (JSON) or a text scenario (`.txt`, or anything that
 * is not a JSON object). Never throws: a bad file comes back as a message naming the problem.
 */
export function readEncounterText(text: string, fileName: string): ReadResult {
  const scenario = fileName.toLowerCase().endsWith('.txt') || !/^\s*\{/.test(text);
  if (!scenario) {
    const parsed = parseEncounter(text);
    return parsed.ok ? { ok: true, encounter: parsed.encounter, format: 'file' } : parsed;
  }
  try {
    return { ok: true, encounter: parseScenario(text), format: 'scenario' };
  } catch (e) {
    if (e instanceof ScenarioError) return { ok: false, error: e.message };
    return { ok: false, error: (e as Error).message };
  }
}
