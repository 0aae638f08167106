// The layering check: src-shared stays pure, the renderer never reaches into the main process
// (types aside), and the main process never into the renderer. Run by `npm test`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));
const UI_AND_PLATFORM = ['electron', 'solid-js', 'konva', 'dexie'];

function sourceFiles(dir) {
  let out = [];
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(sourceFiles(full));
    else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Every import in a file: `{ spec, typeOnly, line }`. */
export function importsOf(text) {
  const found = [];
  const patterns = [
    /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const [k, re] of patterns.entries()) {
    for (const m of text.matchAll(re)) {
      const spec = k === 0 ? m[3] : m[1];
      const typeOnly = k === 0 && !!m[2];
      const line = text.slice(0, m.index).split('\n').length;
      found.push({ spec, typeOnly, line });
    }
  }
  return found;
}

function packageName(spec) {
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Returns one sentence per violation; an empty list means the layers hold. */
export function checkLayers(root) {
  const problems = [];
  const layerOf = (file) => path.relative(root, file).split(path.sep)[0];
  for (const layer of ['src-shared', 'src-renderer', 'src-main']) {
    for (const file of sourceFiles(path.join(root, layer))) {
      const text = readFileSync(file, 'utf8');
      for (const { spec, typeOnly, line } of importsOf(text)) {
        const where = `${path.relative(root, file)}:${line}`;
        const relative = spec.startsWith('.');
        const target = relative ? layerOf(path.resolve(path.dirname(file), spec)) : null;
        const pkg = relative ? null : packageName(spec);
        const builtin = pkg && (pkg.startsWith('node:') || NODE_BUILTINS.has(pkg));
        if (layer === 'src-shared') {
          if (builtin) problems.push(`${where}: src-shared imports the Node module "${spec}"; it must stay pure`);
          else if (pkg && UI_AND_PLATFORM.includes(pkg)) problems.push(`${where}: src-shared imports "${spec}"; it must stay free of UI and platform code`);
          else if (target && target !== 'src-shared') problems.push(`${where}: src-shared imports ${target} ("${spec}")`);
        } else if (layer === 'src-renderer') {
          if (target === 'src-main' && !typeOnly) problems.push(`${where}: src-renderer imports src-main code ("${spec}"); only \`import type\` may cross`);
          else if (builtin || pkg === 'electron') problems.push(`${where}: src-renderer imports "${spec}"; the renderer has no Node or Electron`);
        } else if (layer === 'src-main') {
          if (target === 'src-renderer') problems.push(`${where}: src-main imports the renderer ("${spec}")`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkLayers(root);
  if (problems.length) {
    console.error(`Layering check failed (${problems.length}):\n` + problems.map((p) => `  ${p}`).join('\n'));
    process.exit(1);
  }
  console.log('Layering check: src-shared is pure; renderer and main keep to their layers.');
}
