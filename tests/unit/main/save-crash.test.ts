import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';

/**
 * A save killed between writing the temporary file and renaming it over the original: the original
 * must survive whole. A child process runs the real `writeFileAtomic` with `rename` made to stop
 * and report; the test then kills it with SIGKILL (as a crash or power cut would) at that point.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'eb-save-crash-'));
const root = path.resolve(__dirname, '../../..');

const CHILD = `
import { promises } from 'node:fs';
import { writeFileAtomic } from ${JSON.stringify(path.join(root, 'src-main/services/files.ts'))};
const [target, source] = process.argv.slice(2);
promises.rename = () => {
  process.stdout.write('at-rename\\n');
  setInterval(() => {}, 1000); // stay alive until killed
  return new Promise(() => {});
};
const text = (await promises.readFile(source, 'utf8'));
await writeFileAtomic(target, text);
process.stdout.write('renamed\\n');
`;

async function childScript(): Promise<string> {
  const entry = path.join(dir, 'child.ts');
  writeFileSync(entry, CHILD);
  const out = path.join(dir, 'child.mjs');
  await build({ entryPoints: [entry], outfile: out, bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' });
  return out;
}

describe('a save killed between write and rename', () => {
  it('leaves the original file whole and loadable', async () => {
    const original = serializeEncounter(parseScenario('ruleset: d20-35\nname: Original\nmap:\n  A . .\ncreatures:\n  A: side=party\n'));
    const replacement = serializeEncounter(parseScenario('ruleset: d20-35\nname: Replacement\nmap:\n  . . . .\n  . . . .\n'));
    const target = path.join(dir, 'keep.encounter');
    writeFileSync(target, original);
    const source = path.join(dir, 'new.txt');
    writeFileSync(source, replacement);

    const child = spawn(process.execPath, [await childScript(), target, source], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const reached = await new Promise<boolean>((resolve) => {
      child.stdout.on('data', (d) => {
        stdout += d;
        if (stdout.includes('at-rename')) resolve(true);
      });
      child.on('exit', () => resolve(false));
    });
    expect(reached, stderr).toBe(true);
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // The new text was written in full to the temporary file beside the target…
    const others = readdirSync(dir).filter((f) => !['keep.encounter', 'new.txt', 'child.ts', 'child.mjs'].includes(f));
    expect(others.map((f) => readFileSync(path.join(dir, f), 'utf8'))).toContain(replacement);
    // …and the original is untouched and still opens.
    expect(readFileSync(target, 'utf8')).toBe(original);
    const reopened = parseEncounter(readFileSync(target, 'utf8'));
    expect(reopened.ok && reopened.encounter.name).toBe('Original');
    expect(stdout).not.toContain('renamed');
  }, 30_000);
});
