import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The `npm test` step that runs Doyensec's electronegativity over src-main with the reviewed
// allow-list (scripts/check-electron-security.mjs).
const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/check-electron-security.mjs');
const allow = path.join(root, 'scripts/electronegativity-allow.json');
const work = mkdtempSync(path.join(tmpdir(), 'eb-electronegativity-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function check(...args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('electronegativity over the main process', () => {
  it('passes on src-main, every finding a reviewed false positive with its reason, without the network', { timeout: 60_000 }, () => {
    const r = check();
    expect(r.code, r.err).toBe(0);
    const reviewed = JSON.parse(readFileSync(allow, 'utf8')).findings as { check: string; reason: string }[];
    expect(r.out).toContain(`${reviewed.length} allowed as reviewed false positives`);
    for (const entry of reviewed) expect(entry.reason.length).toBeGreaterThan(40);
    // Offline: neither the translations nor Electron's release list are fetched.
    expect(r.out + r.err).not.toMatch(/Could not retrieve|Fetching Electron|connectivity/);
  });

  it('fails on a real regression: a window with Node integration and no isolation', { timeout: 60_000 }, () => {
    const tree = path.join(work, 'regressed');
    cpSync(path.join(root, 'src-main'), tree, { recursive: true });
    appendFileSync(
      path.join(tree, 'main/index.ts'),
      "\nexport const debugWindow = () => new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n",
    );
    const r = check('--input', tree);
    expect(r.code).toBe(1);
    const line = readFileSync(path.join(tree, 'main/index.ts'), 'utf8').trimEnd().split('\n').length;
    expect(r.err).toContain(`CONTEXT_ISOLATION_JS_CHECK main/index.ts:${line}:`);
    expect(r.err).toContain(`SANDBOX_JS_CHECK main/index.ts:${line}:`);
  });

  it('fails on an allow-list entry that matches nothing, so exceptions cannot pile up', { timeout: 60_000 }, () => {
    const list = JSON.parse(readFileSync(allow, 'utf8'));
    list.findings.push({ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/index.ts', source: 'shell.openExternal(', reason: 'stale' });
    const file = path.join(work, 'allow.json');
    writeFileSync(file, JSON.stringify(list));
    const r = check('--allow', file);
    expect(r.code).toBe(1);
    expect(r.err).toContain('stale allow-list entry (no such finding any more): OPEN_EXTERNAL_JS_CHECK main/index.ts');
  });
});
