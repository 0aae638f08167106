// Node side of `scripts/bench-library.mjs` (bundled by it with esbuild): makes a folder of
// encounter files, and indexes it the real way (LibraryService, reader threads) and the naive way.
import { mkdirSync, promises as fs, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serializeEncounter } from '../../src-shared/io';
import type { LibraryEntry } from '../../src-shared/ipc';
import { indexEncounterText } from '../../src-shared/library';
import { createEncounter, makeCreature, RULESET_IDS, SIDES, Terrain } from '../../src-shared/model';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export { LibraryService } from '../../src-main/services/library';

const WORDS = ['goblin', 'ambush', 'ford', 'crypt', 'tower', 'gate', 'drake', 'lair', 'hive', 'breach', 'forest', 'road', 'bridge', 'cavern', 'ruins', 'harbour', 'swamp', 'keep', 'temple', 'mine'];
const CREATURES = ['Goblin', 'Hobgoblin', 'Ogre', 'Kobold', 'Drake', 'Zergling', 'Guard', 'Mage', 'Wyvern', 'Owlbear', 'Bandit', 'Skeleton'];

/** `n` varied encounter files (maps 24–96 squares a side with terrain and creatures), seeded. */
export function makeLibraryFolder(dir: string, n: number): void {
  const rng = xoroshiro128plus(7);
  const int = (lo: number, hi: number) => uniformInt(rng, lo, hi);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) {
    const w = int(24, 96);
    const h = int(24, 96);
    const e = createEncounter({ name: `${WORDS[int(0, 19)]} ${WORDS[int(0, 19)]} ${i}`, ruleset: RULESET_IDS[int(0, 4)]!, width: w, height: h });
    for (let k = 0; k < (w * h) / 6; k++) e.map.terrain[int(0, w * h - 1)] = int(1, 6) as (typeof Terrain)[keyof typeof Terrain];
    const count = int(2, 24);
    e.creatures = Array.from({ length: count }, (_, c) => makeCreature({ id: `C${c}`, name: CREATURES[int(0, 11)]!, side: SIDES[int(0, 2)]!, x: int(0, w - 1), y: int(0, h - 1) }));
    e.tags = [WORDS[int(0, 19)]!];
    const sub = path.join(dir, `area-${i % 10}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `map-${String(i).padStart(5, '0')}.encounter`), serializeEncounter(e));
  }
}

/** The yardstick: every file re-read and parsed one after another on this thread. */
export async function naiveIndex(dir: string): Promise<LibraryEntry[]> {
  const out: LibraryEntry[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const ent of await fs.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, ent.name);
      if (ent.isDirectory()) await walk(full);
      else if (ent.name.endsWith('.encounter')) {
        const st = await fs.stat(full);
        out.push({ file: { id: full, name: ent.name }, library: dir, modified: st.mtimeMs, bytes: st.size, ...indexEncounterText(await fs.readFile(full, 'utf8')) });
      }
    }
  };
  await walk(dir);
  return out;
}
