import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENCOUNTER_FILE_EXTENSION } from '../../src-shared/io';

const root = path.resolve(__dirname, '../..');
const yml = readFileSync(path.join(root, 'build/electron-builder.yml'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

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
});
