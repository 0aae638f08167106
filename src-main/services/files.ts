import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * File system work for the desktop edition. Plain Node: the Electron main process and the e2e
 * harness use the same functions.
 */

export class FileProblem extends Error {}

export async function readTextFile(filePath: string, maxBytes: number): Promise<string> {
  let stat;
  try {
    stat = await fs.stat(filePath);
  } catch (e) {
    throw new FileProblem(`Cannot open ${path.basename(filePath)}: ${describeFsError(e)}.`);
  }
  if (!stat.isFile()) throw new FileProblem(`${path.basename(filePath)} is not a file.`);
  if (stat.size > maxBytes) {
    throw new FileProblem(`${path.basename(filePath)} is ${(stat.size / 1048576).toFixed(1)} MiB, over the ${maxBytes / 1048576} MiB limit.`);
  }
  try {
    return await fs.readFile(filePath, 'utf8');
  } catch (e) {
    throw new FileProblem(`Cannot read ${path.basename(filePath)}: ${describeFsError(e)}.`);
  }
}

/**
 * Writes a file so that a crash or a full disk never leaves it half written: the text goes to a
 * temporary file beside it, is flushed to disk, and then renamed over the original in one step.
 * On any failure the original is untouched and the temporary file removed.
 */
export async function writeFileAtomic(filePath: string, content: string | Uint8Array): Promise<void> {
  const dir = path.dirname(filePath);
  const temp = path.join(dir, `.${path.basename(filePath)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(temp, 'wx');
    await handle.writeFile(content);
    await handle.sync();
    await handle.close();
    handle = null;
    await fs.rename(temp, filePath);
  } catch (e) {
    if (handle) await handle.close().catch(() => {});
    await fs.rm(temp, { force: true }).catch(() => {});
    throw new FileProblem(`Cannot save ${path.basename(filePath)}: ${describeFsError(e)}. The file on disk is unchanged.`);
  }
}

export interface DirectoryFile {
  path: string;
  name: string;
  bytes: number;
  modified: number;
}

/** Files in `dir` and its subfolders (to `depth`) whose names end with one of `suffixes`. */
export async function listFiles(dir: string, suffixes: readonly string[], depth = 4, limit = 5000): Promise<DirectoryFile[]> {
  const out: DirectoryFile[] = [];
  async function walk(current: string, level: number): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch (e) {
      if (level === 0) throw new FileProblem(`Cannot list ${current}: ${describeFsError(e)}.`);
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (out.length >= limit) return;
      if (entry.name.startsWith('.')) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (level < depth) await walk(full, level + 1);
      } else if (entry.isFile() && suffixes.some((s) => entry.name.toLowerCase().endsWith(s))) {
        const stat = await fs.stat(full).catch(() => null);
        if (stat) out.push({ path: full, name: entry.name, bytes: stat.size, modified: stat.mtimeMs });
      }
    }
  }
  await walk(dir, 0);
  return out;
}

export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'it does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EISDIR':
      return 'it is a folder';
    case 'EROFS':
      return 'the disk is read-only';
    default:
      return (e as Error)?.message ?? String(e);
  }
}
