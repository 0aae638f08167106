import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MAX_FILE_BYTES } from '../../src-shared/io';
import type { RecoveryData } from '../../src-shared/ipc';
import { writeFileAtomic } from './files';

/**
 * Autosave's store on the desktop: one JSON file in the app's data folder, written atomically, so a
 * crash at any moment leaves either the previous copy or the new one.
 */
export class RecoveryStore {
  constructor(private readonly file: string) {}

  async write(data: RecoveryData): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomic(this.file, JSON.stringify(data));
  }

  async read(): Promise<RecoveryData | null> {
    try {
      const stat = await fs.stat(this.file);
      if (stat.size > MAX_FILE_BYTES + 4096) return null;
      const data = JSON.parse(await fs.readFile(this.file, 'utf8')) as Partial<RecoveryData>;
      if (typeof data.text !== 'string' || typeof data.name !== 'string' || typeof data.saved !== 'number') return null;
      return { name: data.name, text: data.text, saved: data.saved, fileName: typeof data.fileName === 'string' ? data.fileName : null };
    } catch {
      return null;
    }
  }

  async clear(): Promise<void> {
    await fs.rm(this.file, { force: true });
  }
}
