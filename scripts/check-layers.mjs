// The layering check: src-shared stays pure, the renderer never reaches into the main process
// (types aside), and the main process never into the renderer; inside the renderer every import
// points down its folders (RENDERER_FOLDERS) and no module reaches itself again through value
// imports. Run by `npm test`.
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

/**
 * The renderer's folders, lowest first: a file may import from its own folder and the ones before
 * it, never after. Files at the renderer's top (App.tsx, main.tsx) may import any of them; `styles`
 * and `public` hold no code.
 *  - ui: icons, palettes, the dialog frame — pieces every view draws with
 *  - store: the browser's own storage and files (IndexedDB, picked and dropped files)
 *  - state: the editor's model (document, selection, tools, play) as signals
 *  - platform: the desktop bridge or the browser edition's stand-in for it
 *  - canvas: the Konva map, its layers and tools
 *  - play: Play mode's panels
 *  - library: the library browser
 *  - components: the editor's panels, dialogs and bars
 */
export const RENDERER_FOLDERS = ['ui', 'store', 'state', 'platform', 'canvas', 'play', 'library', 'components'];
const NO_CODE = new Set(['styles', 'public']);

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
          else if (target === 'src-renderer') {
            const from = rendererFolder(root, file);
            const to = rendererFolder(root, resolveModule(file, spec) ?? path.resolve(path.dirname(file), spec));
            const rank = (f) => RENDERER_FOLDERS.indexOf(f);
            if (from && to && from !== to && !NO_CODE.has(to)) {
              if (rank(from) < 0) problems.push(`${where}: src-renderer/${from} is not in the renderer's folder order (RENDERER_FOLDERS)`);
              else if (rank(to) < 0) problems.push(`${where}: src-renderer/${from} imports the renderer's top ("${spec}")`);
              else if (rank(to) > rank(from)) problems.push(`${where}: src-renderer/${from} imports src-renderer/${to} ("${spec}"), which sits above it`);
            }
          }
        } else if (layer === 'src-main') {
          if (target === 'src-renderer') problems.push(`${where}: src-main imports the renderer ("${spec}")`);
        }
      }
    }
  }
  return problems.concat(rendererCycles(root));
}

/** The renderer folder a path is in, or null for the renderer's top-level files. */
function rendererFolder(root, file) {
  const parts = path.relative(path.join(root, 'src-renderer'), file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

function resolveModule(file, spec) {
  const base = path.resolve(path.dirname(file), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Circles of value imports between the renderer's modules (a type-only import is not an edge). */
function rendererCycles(root) {
  const files = sourceFiles(path.join(root, 'src-renderer'));
  const edges = new Map();
  for (const file of files) {
    const out = [];
    for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      if (typeOnly || !spec.startsWith('.')) continue;
      const target = resolveModule(file, spec);
      if (target && target.startsWith(path.join(root, 'src-renderer'))) out.push(target);
    }
    edges.set(file, out);
  }
  const problems = [];
  const state = new Map(); // 1: on the current path, 2: done
  const stack = [];
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 1) {
        const circle = stack.slice(stack.indexOf(next)).concat(next).map((f) => path.relative(root, f));
        problems.push(`a circle of imports in the renderer: ${circle.join(' → ')}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of files) if (!state.has(file)) visit(file);
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
