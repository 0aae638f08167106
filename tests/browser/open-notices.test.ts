import { describe, expect, it } from 'vitest';
import { createEditor } from '../../src-renderer/state/editor';
import { encounterToFile } from '../../src-shared/io';
import type { OpenedFile, PlatformBridge } from '../../src-shared/ipc';
import { createEncounter, makeCreature } from '../../src-shared/model';

/**
 * Issue 19 › 1 and › 3: what the loader or the main process changed to open a file is said in a
 * notice — a creature renamed because its id was reserved, a file restored after a killed save.
 */
describe('notices on opening a file', () => {
  it('names the renamed creature and the restored file', async () => {
    const e = createEncounter({ name: 'Shared', ruleset: 'd20-35', width: 4, height: 4 });
    e.creatures.push(makeCreature({ id: 'constructor', name: 'Golem', size: 'medium', side: 'enemy', x: 1, y: 1, speed: { walk: 20 } }));
    const opened: OpenedFile = { file: { id: 'f', name: 'shared.encounter' }, text: JSON.stringify(encounterToFile(e)), notes: ['shared.encounter was left damaged by a save that was interrupted; it was restored from the backup made before that save.'] };
    const platform = { edition: 'browser', readEncounter: async () => opened, recentFiles: async () => [] } as unknown as PlatformBridge;
    const editor = createEditor(platform);
    await editor.openRecent(opened.file);
    expect(editor.doc()?.creatures[0]?.id).toBe('constructor-renamed');
    const texts = editor.notices().map((n) => n.text);
    expect(texts).toContain('Opened shared.encounter');
    expect(texts.some((t) => /"constructor" was renamed "constructor-renamed"/.test(t))).toBe(true);
    expect(texts.some((t) => /was restored from the backup/.test(t))).toBe(true);
  });
});
