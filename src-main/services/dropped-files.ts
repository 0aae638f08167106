import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENCOUNTER_FILE_EXTENSION } from '../../src-shared/io';
import { isPictureBytes, PICTURE_EXTENSIONS } from '../../src-shared/io/import/picture-file';
import { LIMITS } from '../../src-shared/io/limits';
import { describeFsError } from './files';

/**
 * What a file dropped on the window may be (issue 19 › 6). The main process never sees the drop
 * itself, only a path the renderer names, so a compromised renderer could name any file: the
 * channel grants only a regular file of a kind the app opens, outside the system's folders and the
 * user's hidden folders, checked on the path as named and on where its links lead.
 */

/** The kinds File › Open offers, by extension: the text kinds, and pictures. */
export const OPENABLE_EXTENSIONS: readonly string[] = [ENCOUNTER_FILE_EXTENSION, 'json', 'txt', 'dd2vtt', 'uvtt', ...PICTURE_EXTENSIONS];
const PICTURE_EXTENSION_SET: ReadonlySet<string> = new Set(PICTURE_EXTENSIONS);

/** Folders whose files are the system's, never a map: kernel views, devices, configuration. */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev', '/etc', '/boot', '/run', '/var/run', '/private/etc', '/private/var/run'];

function isInside(folder: string, p: string): boolean {
  const rel = path.relative(folder, p);
  return rel === '' || (!!rel && !rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Why `p` lies in a folder no dropped file may come from, or null. */
function forbiddenFolder(p: string, homes: readonly string[]): string | null {
  const system = [...SYSTEM_FOLDERS, ...(process.env['SystemRoot'] ? [process.env['SystemRoot']] : [])];
  if (system.some((f) => isInside(f, p))) return 'is in a system folder';
  for (const home of homes) {
    if (!isInside(home, p)) continue;
    // ~/.ssh, ~/.config, ~/.gnupg …: keys and settings, never something the user drops to open.
    const first = path.relative(home, p).split(path.sep)[0] ?? '';
    if (first.startsWith('.')) return 'is in a hidden folder of your home folder';
  }
  return null;
}

/** How much of the file's start the signature check reads. */
const SIGNATURE_BYTES = 4096;

/**
 * Every kind the app opens is UTF-8 text (JSON, or a text scenario): no NUL or other control bytes
 * but tab and line ends. A picture, an archive, a key file in binary form fails at once.
 */
function looksLikeText(start: Uint8Array): boolean {
  for (const b of start) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a dropped path; answers the problem in a sentence, or null when it may be granted.
 * `maxBytes`: the encounter file limit.
 */
export async function droppedFileProblem(filePath: string, maxBytes: number): Promise<string | null> {
  const name = path.basename(filePath);
  const home = os.homedir();
  const homes = [home, await fs.realpath(home).catch(() => home)];
  const named = forbiddenFolder(filePath, homes);
  if (named) return `${name} ${named}; nothing was opened.`;
  let real: string;
  try {
    real = await fs.realpath(filePath);
  } catch (e) {
    return `Cannot open ${name}: ${describeFsError(e)}.`;
  }
  const leads = forbiddenFolder(real, homes);
  if (leads) return `${name} ${leads}; nothing was opened.`;
  const ext = path.extname(real).slice(1).toLowerCase() || path.extname(filePath).slice(1).toLowerCase();
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(real, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return `Cannot open ${name}: ${describeFsError(e)}.`;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return `${name} is not a file; drop an encounter file.`;
    if (!OPENABLE_EXTENSIONS.includes(ext) && !OPENABLE_EXTENSIONS.includes(path.extname(filePath).slice(1).toLowerCase())) {
      return `${name} is not a kind of file Encounter Builder opens (${OPENABLE_EXTENSIONS.map((e) => `.${e}`).join(', ')}); nothing was opened.`;
    }
    const picture = PICTURE_EXTENSION_SET.has(ext) || PICTURE_EXTENSION_SET.has(path.extname(filePath).slice(1).toLowerCase());
    const limit = picture ? LIMITS.pictureBytes : maxBytes;
    if (stat.size > limit) {
      return `${name} is ${(stat.size / 1048576).toFixed(1)} MiB, over the ${limit / 1048576} MiB limit for ${picture ? 'a picture' : 'an encounter file'}; nothing was opened.`;
    }
    const start = Buffer.alloc(Math.min(SIGNATURE_BYTES, stat.size));
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    const head = start.subarray(0, bytesRead);
    // A picture by its name must be one by its first bytes; everything else the app opens is text.
    if (picture) return isPictureBytes(head) ? null : `${name} is named as a picture but is not a PNG, JPEG or WebP; nothing was opened.`;
    if (!looksLikeText(head)) return `${name} does not look like an encounter file, a scenario or a Universal VTT map (it is not text); nothing was opened.`;
    return null;
  } catch (e) {
    return `Cannot read ${name}: ${describeFsError(e)}.`;
  } finally {
    await handle.close().catch(() => {});
  }
}
