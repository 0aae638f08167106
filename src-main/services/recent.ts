import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './files';

/** The most recently opened or saved files, kept in a small JSON file in the app's data folder. */
export class RecentFiles {
  private paths: string[] | null = null;

  constructor(
    private readonly storePath: string,
    private readonly max = 12,
  ) {}

  async list(): Promise<string[]> {
    if (this.paths) return this.paths.slice();
    try {
      const data = JSON.parse(await fs.readFile(this.storePath, 'utf8')) as unknown;
      this.paths = Array.isArray(data) ? data.filter((p): p is string => typeof p === 'string' && path.isAbsolute(p)).slice(0, this.max) : [];
    } catch {
      this.paths = [];
    }
    return this.paths.slice();
  }

  async add(filePath: string): Promise<void> {
    const current = await this.list();
    this.paths = [filePath, ...current.filter((p) => p !== filePath)].slice(0, this.max);
    await fs.mkdir(path.dirname(this.storePath), { recursive: true });
    await writeFileAtomic(this.storePath, JSON.stringify(this.paths, null, 1));
  }

  /** Takes a file off the list (it failed to open). */
  async remove(filePath: string): Promise<void> {
    const current = await this.list();
    if (!current.includes(filePath)) return;
    this.paths = current.filter((p) => p !== filePath);
    await writeFileAtomic(this.storePath, JSON.stringify(this.paths, null, 1));
  }

  async has(filePath: string): Promise<boolean> {
    return (await this.list()).includes(filePath);
  }
}
