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

/** Longest file name most file systems take (ext4, APFS, NTFS: 255 bytes or UTF-16 units). */
export const MAX_FILE_NAME_BYTES = 255;
/** A stale temporary file is removed when its process has gone or it is this old. */
const STALE_TEMP_MS = 10 * 60 * 1000;
const SAVE_TEMP = /^\.encounter-builder-save-(\d+)-[0-9a-f]{8}\.tmp$/;

/**
 * Temporary files of a save are named `.encounter-builder-save-<pid>-<random>.tmp`, the same length
 * whatever the file's own name, so a long name still fits and a file left by a killed save is
 * recognised and removed later.
 */
export function isSaveTempName(name: string): boolean {
  return SAVE_TEMP.test(name);
}

function saveTempPath(dir: string): string {
  return path.join(dir, `.encounter-builder-save-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

function processIsGone(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes save temporaries in `dir` left by a save that was killed: those whose process has gone,
 * or older than ten minutes. Runs before every save and, at start, over the recent files' folders.
 * Returns how many were removed; never throws.
 */
export async function cleanStaleSaveFiles(dir: string): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const m = SAVE_TEMP.exec(name);
    if (!m) continue;
    const full = path.join(dir, name);
    try {
      const stat = await fs.lstat(full);
      if (!stat.isFile()) continue;
      if (processIsGone(Number(m[1])) || Date.now() - stat.mtimeMs > STALE_TEMP_MS) {
        await fs.rm(full, { force: true });
        removed++;
      }
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}

/**
 * The file a save really writes: the end of a chain of symbolic links (the links stay links), and
 * the stat of what is there now, or null for a new file.
 */
async function saveTarget(filePath: string): Promise<{ target: string; stat: import('node:fs').Stats | null }> {
  const name = path.basename(filePath);
  if (Buffer.byteLength(name) > MAX_FILE_NAME_BYTES) {
    throw new FileProblem(`Cannot save: the name is ${Buffer.byteLength(name)} bytes long; file names can have at most ${MAX_FILE_NAME_BYTES}. Choose a shorter name.`);
  }
  let link;
  try {
    link = await fs.lstat(filePath);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { target: filePath, stat: null };
    throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)}. The file on disk is unchanged.`);
  }
  if (!link.isSymbolicLink()) return { target: filePath, stat: link };
  let target: string;
  try {
    target = await fs.realpath(filePath);
  } catch {
    const points = await fs.readlink(filePath).catch(() => '?');
    throw new FileProblem(`Cannot save ${name}: it is a link to ${points}, which does not exist. The link is unchanged.`);
  }
  return { target, stat: await fs.stat(target) };
}

/**
 * Writes a file so that a crash or a full disk never leaves it half written, and keeps what the
 * user had: the text goes to a temporary file beside the real file (through symbolic links), with
 * the old file's permission bits, is flushed, and renamed over the original in one step. A file
 * with hard links is not split from them: a backup copy is written and verified, the file is
 * rewritten in place and read back, and the backup removed (if the save is killed midway the backup,
 * `.encounter-builder-backup-…`, keeps the old text). On any failure the original is left as it was.
 */
export async function writeFileAtomic(filePath: string, content: string | Uint8Array): Promise<void> {
  const { target, stat } = await saveTarget(filePath);
  const dir = path.dirname(target);
  await cleanStaleSaveFiles(dir);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (stat && stat.isFile() && stat.nlink > 1) return writeInPlace(target, bytes);
  if (stat && !stat.isFile()) throw new FileProblem(`Cannot save ${path.basename(filePath)}: it is not a file.`);
  const temp = saveTempPath(dir);
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(temp, 'wx', stat ? stat.mode & 0o777 : 0o666);
    if (stat) {
      // Open's mode is masked by the umask; set the old bits exactly (0600 stays 0600).
      await handle.chmod(stat.mode & 0o7777);
      if (typeof process.getuid === 'function' && process.getuid() === 0) await handle.chown(stat.uid, stat.gid).catch(() => {});
    }
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    handle = null;
    await fs.rename(temp, target);
  } catch (e) {
    if (handle) await handle.close().catch(() => {});
    await fs.rm(temp, { force: true }).catch(() => {});
    throw new FileProblem(`Cannot save ${path.basename(filePath)}: ${describeFsError(e)}. The file on disk is unchanged.`);
  }
}

async function sameBytes(file: string, expected: Uint8Array): Promise<boolean> {
  const actual = await fs.readFile(file);
  return Buffer.compare(actual, expected) === 0;
}

/** Rewrites a hard-linked file in place, so every name keeps seeing the same file. */
async function writeInPlace(target: string, bytes: Buffer): Promise<void> {
  const name = path.basename(target);
  const backup = path.join(path.dirname(target), `.encounter-builder-backup-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.copyFile(target, backup, fs.constants.COPYFILE_EXCL);
    const original = await fs.readFile(target);
    if (!(await sameBytes(backup, original))) throw new Error('the backup copy did not match the file');
  } catch (e) {
    await fs.rm(backup, { force: true }).catch(() => {});
    throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)} while making a backup. The file on disk is unchanged.`);
  }
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(target, 'r+');
    await handle.truncate(0);
    await handle.write(bytes, 0, bytes.length, 0);
    await handle.sync();
    await handle.close();
    handle = null;
    if (!(await sameBytes(target, bytes))) throw new Error('the file did not read back as written');
  } catch (e) {
    if (handle) await handle.close().catch(() => {});
    // Put the old text back from the verified backup; keep the backup if even that fails.
    try {
      await fs.copyFile(backup, target);
      await fs.rm(backup, { force: true });
    } catch {
      throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)}. The old text is kept in ${path.basename(backup)} beside it.`);
    }
    throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)}. The file on disk is unchanged.`);
  }
  await fs.rm(backup, { force: true }).catch(() => {});
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
    case 'ENAMETOOLONG':
      return 'its name or folder path is too long';
    default:
      return (e as Error)?.message ?? String(e);
  }
}
