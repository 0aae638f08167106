import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src-main/services/handlers';
import { LibraryService } from '../../../src-main/services/library';
import { RecentFiles } from '../../../src-main/services/recent';
import { RecoveryStore } from '../../../src-main/services/recovery';
import { serializeEncounter } from '../../../src-shared/io';
import { CHANNELS, DROPPED_FILE_CHANNEL, type BridgeMethod } from '../../../src-shared/ipc';
import { createEncounter } from '../../../src-shared/model';
import { libraryWorkerScript } from './library-worker-build';

/**
 * Issue 19 › 10: every channel answered by the main process, called as a compromised renderer
 * would: wrong shapes, extra arguments, objects that try to reach a prototype, and paths the user
 * never chose. Each call must come back refused as data ({ ok: false, error }), never throw, never
 * touch a file outside what the user chose, never pollute a prototype. The table is typed by the
 * bridge's methods, so a new channel does not compile until its hostile calls are listed.
 */
// Made before the table below is built (its cases name files in it).
const dir = mkdtempSync(path.join(tmpdir(), 'eb-hostile-ipc-'));
const outside = path.join(dir, 'outside');
let handlers: ReturnType<typeof createHandlers>;
let library: LibraryService;
const valid = serializeEncounter(createEncounter({ name: 'Hostile', ruleset: 'd20-35', width: 3, height: 3 }));

beforeAll(async () => {
  writeFileSync(path.join(dir, 'secret.encounter'), valid);
  library = new LibraryService({ storePath: path.join(dir, 'data', 'libraries.json'), workerScript: await libraryWorkerScript(), trash: { trashItem: async () => {} }, watch: false });
  handlers = createHandlers({
    // The user cancels every dialog: only the renderer's arguments are under test.
    dialogs: { openFile: async () => null, saveFile: async () => null, openFolder: async () => null, confirm: async () => false },
    recent: new RecentFiles(path.join(dir, 'data', 'recent.json')),
    library,
    recovery: new RecoveryStore(path.join(dir, 'data', 'recovery.json')),
  });
});
afterAll(async () => {
  await library.close();
  rmSync(dir, { recursive: true, force: true });
});

const secret = () => ({ id: path.join(dir, 'secret.encounter'), name: 'secret.encounter' });
const passwd = { id: '/etc/passwd', name: 'passwd' };
const folder = { id: '/etc', name: 'etc' };
const polluting = () => JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}') as unknown;

/** Calls every channel should refuse, by method. */
const HOSTILE: Record<BridgeMethod, unknown[][]> = {
  openEncounter: [[1], [polluting()]],
  openPicture: [[1], ['/etc/passwd'], [polluting()]],
  readEncounter: [[], [secret()], [passwd], [{ ...secret(), id: `${secret().id}\0` }], [{ id: secret().id }], [polluting()]],
  saveEncounter: [
    [{ file: secret(), suggestedName: 'x', text: valid }],
    [{ file: { id: outside, name: 'outside' }, suggestedName: 'x', text: valid }],
    [{ file: null, suggestedName: 'x', text: '{"format":"encounter-builder","formatVersion":1}' }],
    [{ file: null, suggestedName: 'x', text: valid, path: outside }],
    [polluting()],
  ],
  recentFiles: [[1]],
  launchFiles: [['/etc/passwd']],
  chooseLibraryFolder: [[folder]],
  listLibrary: [[folder], [{ id: dir, name: 'x' }], ['/etc']],
  libraries: [[folder]],
  removeLibrary: [[folder], [{ id: '', name: '' }]],
  scanLibrary: [[folder, []], [{ id: dir, name: 'x' }, []], [{ id: dir, name: 'x' }, [{ id: 'a', modified: 'now', bytes: 1 }]]],
  cancelLibraryScan: [[folder], [null]],
  libraryEvents: [[-1, 0], [0, 1e9], ['0', 0], [0.5, 0]],
  renameLibraryFile: [[secret(), 'new'], [passwd, 'x'], [secret(), '../../escape'], [secret(), '']],
  duplicateLibraryFile: [[secret()], [passwd]],
  tagLibraryFile: [[secret(), ['x']], [passwd, ['x']], [secret(), 'x']],
  trashLibraryFile: [[secret()], [passwd], [folder]],
  writeRecovery: [[{ name: 'A', text: 't', saved: 1, fileName: null, path: outside }], [{ name: 'A', text: 5, saved: 1, fileName: null }], [polluting()]],
  readRecovery: [['x']],
  clearRecovery: [[outside]],
  exportFile: [
    [{ suggestedName: 'x', typeName: 'x', extensions: ['../x'], text: 'x', encoding: 'utf8' }],
    [{ suggestedName: 'x', typeName: 'x', extensions: [], text: 'x', encoding: 'utf8' }],
    [{ suggestedName: 'x', typeName: 'x', extensions: ['png'], text: 'x', encoding: 'hex' }],
  ],
  exportEncounter: [
    [{ encounterText: valid, format: 'svg', suggestedName: 'x' }],
    [{ encounterText: '{}', format: 'png', suggestedName: 'x' }],
    [{ encounterText: valid, format: 'png', suggestedName: 'x', pixelsPerSquare: 1e6 }],
    [{ encounterText: valid, format: 'png', suggestedName: 'x', target: outside }],
  ],
};
/** Shapes no channel takes: not a list of arguments at all. */
const NOT_ARGUMENTS: unknown[] = [null, undefined, 'x', 7, { 0: 'x', length: 1 }, polluting()];

describe('hostile calls on every IPC channel (issue 19 › 10)', () => {
  it('lists every channel', () => {
    expect(Object.keys(HOSTILE).sort()).toEqual(Object.keys(CHANNELS).sort());
    expect(Object.keys(handlers).sort()).toEqual([...Object.values(CHANNELS), DROPPED_FILE_CHANNEL].sort());
  });

  const table = (Object.keys(HOSTILE) as BridgeMethod[]).flatMap((m) => [...HOSTILE[m].map((args) => [m, args] as const), ...NOT_ARGUMENTS.map((args) => [m, args] as const)]);
  it.each(table)('%s refuses %j as data', async (method, args) => {
    const before = readFileSync(secret().id, 'utf8');
    const answer = await handlers[CHANNELS[method]](args);
    expect(answer.ok, JSON.stringify(answer)).toBe(false);
    if (!answer.ok) expect(answer.error).toMatch(/^\S.{5,}/);
    expect(readFileSync(secret().id, 'utf8')).toBe(before);
    expect(existsSync(outside)).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([['/etc/passwd'], ['/proc/self/environ'], [secret().id, 'extra'], ['relative.encounter'], [7], [polluting()]])('%s is not granted as a dropped file', async (...args) => {
    const answer = await handlers[DROPPED_FILE_CHANNEL](args);
    expect(answer.ok).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('leaves nothing behind in the folder', () => {
    expect(readdirSync(dir).filter((n) => n !== 'data' && n !== 'secret.encounter')).toEqual([]);
  });
});
