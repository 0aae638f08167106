import Ajv from 'ajv';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENCOUNTER_FILE_EXTENSION } from '../../src-shared/io';

const root = path.resolve(__dirname, '../..');
const yml = readFileSync(path.join(root, 'build/electron-builder.yml'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// electron-builder reads its YAML with js-yaml (a dependency of electron-builder, no types of its own).
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const config = yaml.load(yml) as Record<string, unknown>;

// electron-builder cannot run here (no Electron zip), so its configuration is checked as text.
describe('packaging configuration', () => {
  it('targets AppImage and deb, NSIS and dmg', () => {
    expect(yml).toMatch(/linux:\n  target: \[AppImage, deb\]/);
    expect(yml).toMatch(/win:\n  target: \[nsis\]/);
    expect(yml).toMatch(/mac:\n  target: \[dmg\]/);
  });

  it('associates the encounter file extension the app saves', () => {
    expect(yml).toMatch(new RegExp(`fileAssociations:\\n  - ext: ${ENCOUNTER_FILE_EXTENSION}\\n`));
    expect(readFileSync(path.join(root, 'src-main/main/index.ts'), 'utf8')).toContain("app.on('open-file'");
  });

  it('ships the built app and its icon', () => {
    expect(pkg.main).toBe('out/main/index.js');
    for (const part of ['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json']) expect(yml).toContain(`  - ${part}`);
    expect(existsSync(path.join(root, 'build/icon.png'))).toBe(true);
    expect(pkg.devDependencies.electron).toBe('45.4.1');
  });

  it('unpacks sharp and its libvips from app.asar, where a native library cannot be loaded', () => {
    // https://sharp.pixelplumbing.com/install#electron
    // An exact version, so every machine builds with the libvips this was tested with.
    expect(pkg.dependencies.sharp).toMatch(/^\d+\.\d+\.\d+$/);
    const unpack = config['asarUnpack'] as string[];
    expect(unpack).toEqual(['**/node_modules/sharp/**/*', '**/node_modules/@img/**/*']);
    // The native addon of this platform (0.35 names it with the version: sharp-linux-x64-0.35.5.node).
    const lib = `node_modules/@img/sharp-${process.platform}-${process.arch}/lib`;
    const node = readdirSync(path.join(root, lib)).find((f) => f.endsWith('.node'));
    expect(node).toBeDefined();
    const addon = `${lib}/${node}`;
    expect(existsSync(path.join(root, addon))).toBe(true);
    expect(unpack.some((glob) => path.matchesGlob(addon, glob))).toBe(true);
  });
});

describe('packaged app hardening (Electron fuses)', () => {
  // Fuses are flipped in the binary at packaging time, so a packaged app cannot be turned into a
  // general Node runtime (ELECTRON_RUN_AS_NODE), given Node options or a debugger from outside,
  // or made to run code from a loose folder instead of its checked app.asar.
  it('turns off Node entry points and turns on asar integrity and cookie encryption', () => {
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config['asar']).toBe(true);
  });

  it('uses only fuse names electron-builder knows (a misspelt fuse would be ignored)', () => {
    const scheme = JSON.parse(readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
      definitions: Record<string, unknown>;
    };
    const validate = new Ajv({ strict: false }).compile({ ...scheme.definitions['FuseOptionsV1']!, definitions: scheme.definitions });
    expect(validate(config['electronFuses']), JSON.stringify(validate.errors)).toBe(true);
  });
});
