import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * File system work for the desktop edition. Plain Node: the Electron main process and the e2e
 * harness use the same functions.
 */

export class FileProblem extends Error {}

/**
 * What a path named when the app last read or wrote it: the device and inode of the entry itself
 * (not followed), and whether it is a symbolic link. Save compares it with what is there now.
 */
export interface FileIdentity {
  dev: number;
  ino: number;
  link: boolean;
  /** A link's text: a link removed and made again may get the same inode back. */
  points?: string;
}

/** The identity of what `filePath` names now (not following a link), or null if nothing is there. */
export async function fileIdentity(filePath: string): Promise<FileIdentity | null> {
  try {
    const stat = await fs.lstat(filePath);
    return identityOf(stat, stat.isSymbolicLink() ? await fs.readlink(filePath) : undefined);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new FileProblem(`Cannot look at ${path.basename(filePath)}: ${describeFsError(e)}.`);
  }
}

function identityOf(stat: import('node:fs').Stats, points?: string): FileIdentity {
  return { dev: stat.dev, ino: stat.ino, link: stat.isSymbolicLink(), ...(points === undefined ? {} : { points }) };
}

function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.link === b.link && a.points === b.points;
}

/**
 * Save found a different file where the opened one was (git, a sync tool or an editor replaced
 * it): the app writes over it only once the user has confirmed, passing `now` back as the file
 * expected.
 */
export class FileReplaced extends FileProblem {
  constructor(
    readonly fileName: string,
    readonly now: FileIdentity,
  ) {
    super(`Not saved: ${fileName} was changed by another program since it was opened here; saving would replace that program's file.`);
  }
}

/**
 * Reads a whole text file of at most `maxBytes`. The type and size are checked on the opened file
 * itself, opened without blocking: a FIFO or device swapped in after a check is refused at once
 * instead of stalling the read for ever (issue 19 › 5). Links are followed (the user may open one).
 */
export async function readTextFile(filePath: string, maxBytes: number): Promise<string> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw new FileProblem(`Cannot open ${path.basename(filePath)}: ${describeFsError(e)}.`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new FileProblem(`${path.basename(filePath)} is not a file.`);
    if (stat.size > maxBytes) {
      throw new FileProblem(`${path.basename(filePath)} is ${(stat.size / 1048576).toFixed(1)} MiB, over the ${maxBytes / 1048576} MiB limit.`);
    }
    return (await readAll(handle)).toString('utf8');
  } catch (e) {
    if (e instanceof FileProblem) throw e;
    throw new FileProblem(`Cannot read ${path.basename(filePath)}: ${describeFsError(e)}.`);
  } finally {
    await handle.close().catch(() => {});
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
 * the stat of what is there now, or null for a new file. With `expected` (the identity the app
 * recorded when it opened or last saved the file), a link that was not there then is refused and a
 * different file throws FileReplaced (issue 19 › 2).
 */
async function saveTarget(filePath: string, expected?: FileIdentity | null): Promise<{ target: string; stat: import('node:fs').Stats | null; link: import('node:fs').Stats | null; points?: string }> {
  const name = path.basename(filePath);
  if (Buffer.byteLength(name) > MAX_FILE_NAME_BYTES) {
    throw new FileProblem(`Cannot save: the name is ${Buffer.byteLength(name)} bytes long; file names can have at most ${MAX_FILE_NAME_BYTES}. Choose a shorter name.`);
  }
  let link;
  try {
    link = await fs.lstat(filePath);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { target: filePath, stat: null, link: null };
    throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)}. The file on disk is unchanged.`);
  }
  const points = link.isSymbolicLink() ? await fs.readlink(filePath).catch(() => '?') : undefined;
  if (expected && !sameIdentity(expected, identityOf(link, points))) {
    if (link.isSymbolicLink()) {
      // Never followed: whoever can write to the folder could point it at any file of the user's.
      throw new FileProblem(`Not saved: ${name} is now a link to ${points}, which it was not when it was opened here (something replaced it). Nothing was written; use Save As to choose where to save.`);
    }
    throw new FileReplaced(name, identityOf(link, points));
  }
  if (!link.isSymbolicLink()) return { target: filePath, stat: link, link };
  let target: string;
  try {
    target = await fs.realpath(filePath);
  } catch {
    const points = await fs.readlink(filePath).catch(() => '?');
    throw new FileProblem(`Cannot save ${name}: it is a link to ${points}, which does not exist. The link is unchanged.`);
  }
  return { target, stat: await fs.stat(target), link, points };
}

/**
 * Writes a file so that a crash or a full disk never leaves it half written, and keeps what the
 * user had: the text goes to a temporary file beside the real file (through symbolic links), with
 * the old file's permission bits, is flushed, and renamed over the original in one step. A file
 * with hard links is not split from them: a backup copy is written and verified, the file is
 * rewritten in place and read back, and the backup removed (if the save is killed midway the backup,
 * `.encounter-builder-backup-…`, keeps the old text). On any failure the original is left as it was.
 */
export async function writeFileAtomic(filePath: string, content: string | Uint8Array, expected?: FileIdentity | null): Promise<FileIdentity> {
  const { target, stat, link, points } = await saveTarget(filePath, expected);
  const dir = path.dirname(target);
  await cleanStaleSaveFiles(dir);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (stat && stat.isFile() && stat.nlink > 1) {
    await writeInPlace(target, bytes, stat);
    return identityOf(link!, points);
  }
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
    const written = await handle.stat();
    await handle.close();
    handle = null;
    // A rename replaces whatever entry is at the target (a link swapped in is replaced, never followed).
    await fs.rename(temp, target);
    // A link the user opened stays the file's identity; otherwise the new file is.
    return link?.isSymbolicLink() ? identityOf(link, points) : { dev: written.dev, ino: written.ino, link: false };
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

/**
 * Backups of an in-place rewrite are named `.encounter-builder-backup-<pid>-<inode>-<random>.tmp`:
 * the inode (kept by an in-place rewrite) says which file of the folder it backs up, the process
 * whether its save may still be running (issue 19 › 3).
 */
const BACKUP = /^\.encounter-builder-backup-(\d+)-(\d+)-[0-9a-f]{8}\.tmp$/;

export function isSaveBackupName(name: string): boolean {
  return BACKUP.test(name);
}

/**
 * Rewrites a hard-linked file in place, so every name keeps seeing the same file. Everything goes
 * through one handle opened without following links and checked to be the file that was checked
 * before (issue 19 › 2). A verified backup is written first; if the save is killed midway,
 * `recoverInterruptedSaves` restores the file from it at the next open or start.
 */
async function writeInPlace(target: string, bytes: Buffer, stat: import('node:fs').Stats): Promise<void> {
  const name = path.basename(target);
  const backup = path.join(path.dirname(target), `.encounter-builder-backup-${process.pid}-${stat.ino}-${randomBytes(4).toString('hex')}.tmp`);
  let handle: fs.FileHandle;
  let original: Buffer;
  try {
    handle = await fs.open(target, fs.constants.O_RDWR | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)}. The file on disk is unchanged.`);
  }
  try {
    const opened = await handle.stat();
    if (opened.dev !== stat.dev || opened.ino !== stat.ino) throw new FileProblem(`Not saved: ${name} was replaced while saving. The file on disk is unchanged.`);
    original = await readAll(handle);
    await writeNewFile(backup, original, 0o600);
    if (!(await sameBytes(backup, original))) throw new Error('the backup copy did not match the file');
  } catch (e) {
    await handle.close().catch(() => {});
    await fs.rm(backup, { force: true }).catch(() => {});
    if (e instanceof FileProblem) throw e;
    throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)} while making a backup. The file on disk is unchanged.`);
  }
  try {
    await rewrite(handle, bytes);
    if (Buffer.compare(await readAll(handle), bytes) !== 0) throw new Error('the file did not read back as written');
  } catch (e) {
    // Put the old text back from memory through the same handle; keep the backup if even that fails.
    try {
      await rewrite(handle, original);
      await handle.close();
      await fs.rm(backup, { force: true });
    } catch {
      await handle.close().catch(() => {});
      throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)}. The old text is kept in ${path.basename(backup)} beside it.`);
    }
    throw new FileProblem(`Cannot save ${name}: ${describeFsError(e)}. The file on disk is unchanged.`);
  }
  await handle.close().catch(() => {});
  await fs.rm(backup, { force: true }).catch(() => {});
}

async function rewrite(handle: fs.FileHandle, bytes: Buffer): Promise<void> {
  await handle.truncate(0);
  let at = 0;
  while (at < bytes.length) at += (await handle.write(bytes, at, bytes.length - at, at)).bytesWritten;
  await handle.sync();
}

async function readAll(handle: fs.FileHandle): Promise<Buffer> {
  const { size } = await handle.stat();
  const out = Buffer.alloc(size);
  let at = 0;
  while (at < size) {
    const { bytesRead } = await handle.read(out, at, size - at, at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return out.subarray(0, at);
}

async function writeNewFile(file: string, bytes: Uint8Array, mode: number): Promise<void> {
  const handle = await fs.open(file, 'wx', mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface RecoveredSave {
  /** The file restored from its backup. */
  file: string;
  backup: string;
}

/**
 * Finishes what killed in-place saves left in `dir` (issue 19 › 3): a backup whose save is no
 * longer running is compared with its file (found by inode). A file that `isWhole` refuses (left
 * empty or half written) while the backup is whole is rewritten in place from it (its hard links
 * stay joined), and reported; a file that is whole has no more use for the backup, which is
 * removed. A backup whose file is gone, or that is itself damaged, is left for the user.
 * `only` limits the work to one file (what Open does before reading it). Never throws.
 */
export async function recoverInterruptedSaves(dir: string, isWhole: (bytes: Buffer) => boolean, only?: string): Promise<RecoveredSave[]> {
  const recovered: RecoveredSave[] = [];
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return recovered;
  }
  const backups = names.flatMap((n) => {
    const m = BACKUP.exec(n);
    return m && processIsGone(Number(m[1])) ? [{ name: n, ino: m[2]! }] : [];
  });
  if (!backups.length) return recovered;
  const onlyIno = only ? await fs.lstat(only).then((st) => String(st.ino), () => null) : null;
  for (const b of backups) {
    if (only && b.ino !== onlyIno) continue;
    const backup = path.join(dir, b.name);
    try {
      const file = only ?? (await fileWithInode(dir, names, b.ino));
      if (!file) continue;
      const handle = await fs.open(file, fs.constants.O_RDWR | (fs.constants.O_NOFOLLOW ?? 0));
      try {
        const st = await handle.stat();
        if (!st.isFile() || String(st.ino) !== b.ino) continue;
        if (!isWhole(await readAll(handle))) {
          const old = await fs.readFile(backup);
          if (!isWhole(old)) continue;
          await rewrite(handle, old);
          recovered.push({ file, backup });
        }
      } finally {
        await handle.close();
      }
      await fs.rm(backup, { force: true });
    } catch {
      // Left as it is: the backup may be the only good copy.
    }
  }
  return recovered;
}

async function fileWithInode(dir: string, names: readonly string[], ino: string): Promise<string | null> {
  for (const n of names) {
    if (n.startsWith('.encounter-builder-')) continue;
    const st = await fs.lstat(path.join(dir, n)).catch(() => null);
    if (st?.isFile() && String(st.ino) === ino) return path.join(dir, n);
  }
  return null;
}

/**
 * Which of the files a command would write in `dir` are already there (anything at the name: a file,
 * a link, a folder), leaving out `namedExactly`, the path the user typed or chose themselves. Whatever
 * an export writes passes through here, so companions a format adds later are covered too.
 */
export async function filesInTheWay(dir: string, names: readonly string[], namedExactly: string): Promise<string[]> {
  const inTheWay: string[] = [];
  for (const name of names) {
    const full = path.join(dir, name);
    if (path.resolve(full) === path.resolve(namedExactly)) continue;
    if (await fs.lstat(full).then(() => true, () => false)) inTheWay.push(name);
  }
  return inTheWay;
}

/** "a, b and c". */
export function listOfNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
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
