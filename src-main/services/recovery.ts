import { promises as fs } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '../../src-shared/io';
import type { RecoveryData } from '../../src-shared/ipc';
import { FileProblem, readTextFile, writeFileAtomic } from './files';

/**
 * Room for the recovery file's first line (name, time, file name, length as JSON): the handlers
 * take at most 200 + 1024 characters of names, under 8 KiB even if every one is escaped.
 */
const HEADER_BYTES = 16 * 1024;

/**
 * The largest recovery file read back: the encounter file limit plus the header. The encounter's
 * text is stored as it is, never escaped inside a JSON string (which made a 61 MB encounter a 67 MB
 * recovery the reader refused: issue 19 › 8), so what autosave writes, the reader reads.
 */
export const RECOVERY_MAX_BYTES = LIMITS.fileBytes + HEADER_BYTES;

interface Header {
  name: string;
  saved: number;
  fileName: string | null;
  /** Length of the text after the header line, in UTF-16 units (a damaged, cut file shows). */
  length: number;
}

/**
 * Autosave's store on the desktop: one file in the app's data folder, written atomically, so a
 * crash at any moment leaves either the previous copy or the new one. The file is a JSON header
 * line, then the encounter's text unchanged.
 */
export class RecoveryStore {
  constructor(private readonly file: string) {}

  async write(data: RecoveryData): Promise<void> {
    const bytes = Buffer.byteLength(data.text);
    if (bytes > LIMITS.fileBytes) {
      throw new FileProblem(`the encounter is ${(bytes / 1048576).toFixed(1)} MiB, over the ${LIMITS.fileBytes / 1048576} MiB limit for an encounter file; no copy was kept. Save it in parts or make it smaller.`);
    }
    const header: Header = { name: data.name, saved: data.saved, fileName: data.fileName, length: data.text.length };
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomic(this.file, `${JSON.stringify(header)}\n${data.text}`);
  }

  /**
   * The unsaved work, or null when there is none. A store that is there but cannot be read throws a
   * sentence saying so and where the copy is kept (it is not deleted), so the loss is never silent.
   */
  async read(): Promise<RecoveryData | null> {
    let content: string;
    try {
      content = await readTextFile(this.file, RECOVERY_MAX_BYTES);
    } catch (e) {
      if (!(await fs.lstat(this.file).then(() => true, () => false))) return null;
      throw this.unreadable((e as Error).message);
    }
    const data = parseRecovery(content);
    if (typeof data === 'string') throw this.unreadable(data);
    return data;
  }

  async clear(): Promise<void> {
    await fs.rm(this.file, { force: true });
  }

  private unreadable(why: string): FileProblem {
    return new FileProblem(`The unsaved work from the last session could not be read (${why}); the autosaved copy is kept in ${this.file}.`);
  }
}

/** The record, or what is wrong with it. Reads this format and the previous one (one JSON object). */
function parseRecovery(content: string): RecoveryData | string {
  const end = content.indexOf('\n');
  let record: Partial<Header & { text: string }>;
  let text: unknown;
  try {
    const first = JSON.parse(end < 0 ? content : content.slice(0, end)) as Partial<Header & { text: string }>;
    if (typeof first.length === 'number') {
      record = first;
      text = content.slice(end + 1);
      if ((text as string).length !== first.length) return `it was cut short: ${(text as string).length} of ${first.length} characters`;
    } else {
      record = JSON.parse(content) as Partial<Header & { text: string }>;
      text = record.text;
    }
  } catch (e) {
    return `it is damaged: ${(e as Error).message}`;
  }
  if (typeof text !== 'string' || typeof record.name !== 'string') return 'it is damaged: no name or text';
  // A time a date cannot show is damage too (the prompt showed "Invalid Date").
  if (typeof record.saved !== 'number' || !(record.saved >= 0) || Number.isNaN(new Date(record.saved).getTime())) return 'it is damaged: no valid time';
  return { name: record.name, text, saved: record.saved, fileName: typeof record.fileName === 'string' ? record.fileName : null };
}
