import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecoveryStore, RECOVERY_MAX_BYTES } from '../../../src-main/services/recovery';
import { LIMITS } from '../../../src-shared/io';

/**
 * Issue 19 › 8: whatever autosave writes, the recovery reader reads back — the limits agree, both
 * derived from the encounter file's own — and a recovery that cannot be read is reported, not
 * dropped without a word.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-recovery-limits-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the recovery store and the file size limit (issue 19 › 8)', () => {
  it('the reader’s limit is the encounter file limit plus the wrapper', () => {
    expect(RECOVERY_MAX_BYTES).toBeGreaterThan(LIMITS.fileBytes);
    expect(RECOVERY_MAX_BYTES - LIMITS.fileBytes).toBeLessThanOrEqual(16 * 1024);
  });

  it('reads back a large encounter whose text is full of characters JSON escapes (it grew past the limit before)', async () => {
    const store = new RecoveryStore(path.join(dir, 'unsaved.json'));
    // Quotes and line ends filling 9/16 of the file limit: escaped in a JSON string (the old store) they
    // took 9/8 of it, over the old reader's limit of the file limit + 4 KiB.
    const text = '"\n'.repeat((LIMITS.fileBytes / 32) * 9);
    await store.write({ name: 'Big', text, saved: 1_700_000_000_000, fileName: 'big.encounter' });
    expect(statSync(path.join(dir, 'unsaved.json')).size).toBeLessThanOrEqual(RECOVERY_MAX_BYTES);
    const back = await store.read();
    expect(back?.name).toBe('Big');
    expect(back?.text.length).toBe(text.length);
    expect(back?.text === text).toBe(true);
  });

  it('refuses to autosave a text over the encounter file limit, saying so', async () => {
    const store = new RecoveryStore(path.join(dir, 'unsaved.json'));
    const text = 'é'.repeat(LIMITS.fileBytes / 2 + 1); // under the limit in characters, over it in bytes
    await expect(store.write({ name: 'Huge', text, saved: 1, fileName: null })).rejects.toThrow(`over the ${LIMITS.fileBytes / 1048576} MiB limit`);
  });

  it('says so when the stored recovery cannot be read, naming where it is kept', async () => {
    const file = path.join(dir, 'unsaved.json');
    writeFileSync(file, '{"name": "x", "text": ');
    await expect(new RecoveryStore(file).read()).rejects.toThrow(/The unsaved work from the last session could not be read .* kept in .*unsaved\.json/);
  });

  it('reads a recovery written by the previous version (one JSON object)', async () => {
    const file = path.join(dir, 'unsaved.json');
    writeFileSync(file, JSON.stringify({ name: 'Old', text: '{"a":\n1}', saved: 5, fileName: null }));
    expect(await new RecoveryStore(file).read()).toEqual({ name: 'Old', text: '{"a":\n1}', saved: 5, fileName: null });
  });

  it('a record whose time is not a real date is reported as damaged (the prompt showed “Invalid Date”)', async () => {
    const file = path.join(dir, 'unsaved.json');
    writeFileSync(file, JSON.stringify({ name: 'Odd', text: '{}', saved: 1e300, fileName: null }));
    await expect(new RecoveryStore(file).read()).rejects.toThrow(/could not be read/);
  });
});
