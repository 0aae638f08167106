import { readEncounterText, type ReadResult } from '../../src-shared/io';
import { engineWorker } from './engine-worker';

/**
 * Files at least this long are read in the engine worker: parsing and checking a 512 × 512 file
 * (about 400,000 characters) is one task of 50–120 ms, which would freeze the window. A small file
 * reads faster here than a worker's round trip.
 */
export const READ_IN_WORKER_CHARS = 64 * 1024;

/**
 * The last file read, so asking twice for the same text (the browser bridge checks that a file
 * opens before it lists it as recent, then the document opens it) reads it once.
 */
let last: { text: string; name: string; inWorker: boolean; read: Promise<ReadResult> } | null = null;
let forget: ReturnType<typeof setTimeout> | undefined;
const bigReadStarts = new Set<() => void>();

/** Calls `listener` when a big file starts being read (the document sets up the map area meanwhile). */
export function onBigRead(listener: () => void): () => void {
  bigReadStarts.add(listener);
  return () => bigReadStarts.delete(listener);
}

/**
 * Reads what the user opened (`readEncounterText`: an encounter file, a Universal VTT map or a text
 * scenario) off the main thread when it is big. Never rejects: a bad file comes back as its
 * message, the same words as on the main thread; where the worker is missing or fails, the file is
 * read here. `minChars`: the length from which the worker reads (tests send small files there too).
 */
export function readEncounterFile(text: string, name: string, minChars = READ_IN_WORKER_CHARS): Promise<ReadResult> {
  const worker = text.length >= minChars ? engineWorker() : null;
  if (last && last.text === text && last.name === name && last.inWorker === !!worker) return last.read;
  const read = worker ? worker.read(text, name).catch(() => readEncounterText(text, name)) : Promise.resolve(readEncounterText(text, name));
  last = { text, name, inWorker: !!worker, read };
  if (worker) for (const listener of bigReadStarts) listener();
  // Only for the moment between those two asks: the text and its encounter are not kept.
  clearTimeout(forget);
  forget = setTimeout(() => (last = null), 5000);
  return read;
}
