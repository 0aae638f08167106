// `npm test` step: Doyensec's electronegativity over the main process (src-main), so a security
// regression (nodeIntegration on, contextIsolation off, a permissive CSP, openExternal with a
// variable …) fails the build. Its findings that are known false positives are listed, each with
// the reason, in scripts/electronegativity-allow.json; anything else fails, and so does an entry
// that no longer matches (a stale exception must be removed, not kept "just in case").
// Offline and fast: the tool fetches translations over the network on every run (1 s timeout);
// here its translation loader is replaced by the bundled English strings before it is loaded.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const toolRequire = createRequire(require.resolve('@doyensec/electronegativity/package.json'));
const i18nPath = toolRequire.resolve('./dist/locales/i18n.js');
const i18n = toolRequire('i18n');
async function offlineTranslations() {
  i18n.configure({ locales: ['en-US'], defaultLocale: 'en-US', directory: path.dirname(i18nPath), updateFiles: false, objectNotation: true, retryInDefaultLocale: true, register: global });
  i18n.setLocale('en-US');
}
toolRequire.cache[i18nPath] = { id: i18nPath, filename: i18nPath, loaded: true, exports: { __esModule: true, default: offlineTranslations } };
const run = toolRequire('./dist/runner.js');

// `--input <dir> --allow <file>` check another tree (the checker's own test gives it a regression).
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : fallback;
};
const input = arg('input', path.join(root, 'src-main'));
const allowFile = arg('allow', path.join(root, 'scripts/electronegativity-allow.json'));
const allow = JSON.parse(readFileSync(allowFile, 'utf8'));
const started = Date.now();
// The Electron version the app ships (the tool cannot find it in a TypeScript tree, and would judge
// by Electron 0.1's defaults); the release-list check is left out: it downloads Electron's release
// list, and the version is pinned in package.json and reviewed when it changes.
const electron = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies.electron;
const result = await run(
  {
    input,
    isRelative: true,
    isVerbose: false,
    customScan: [],
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    electronVersionOverride: electron,
    parserPlugins: [],
  },
  false,
);

const posix = (file) => file.split(path.sep).join('/');
const key = (f) => `${f.id} ${posix(f.file)}`;
const lineOf = (issue) => readFileSync(path.join(input, issue.file), 'utf8').split('\n')[issue.location.line - 1] ?? '';
const used = new Set();
const failures = [];
for (const issue of result.issues) {
  const entry = allow.findings.find((a) => a.check === issue.id && a.file === posix(issue.file) && lineOf(issue).includes(a.source));
  if (entry) used.add(entry);
  else failures.push(`${key(issue)}:${issue.location.line}:${issue.location.column} ${issue.severity.name}/${issue.confidence.name} ${issue.description}`);
}
for (const entry of allow.findings) if (!used.has(entry)) failures.push(`stale allow-list entry (no such finding any more): ${entry.check} ${entry.file} "${entry.source}"`);
for (const e of result.errors.filter((e) => !e.tolerable)) failures.push(`could not parse ${e.file}: ${e.message}`);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`electronegativity: ${result.atomicChecks + result.globalChecks} checks over ${path.relative(root, input) || input}, ${result.issues.length} findings, ${used.size} allowed as reviewed false positives (${seconds} s)`);
for (const entry of used) console.log(`  allowed ${entry.check} ${entry.file}: ${entry.reason}`);
if (failures.length) {
  console.error(`\n${failures.length} problem(s):`);
  for (const f of failures) console.error(`  ${f}`);
  process.exit(1);
}
