/// <reference lib="webworker" />
import { readEncounterText, type ReadResult } from '../../src-shared/io';
import type { Encounter } from '../../src-shared/model';
import { movementMemoryBytes, releaseMovementMemory } from '../../src-shared/rules';
import { answerMovement, WORKER_MIN_SQUARES, type MovementJob } from './movement-answers';

/**
 * The movement engine off the main thread: the same `src-shared/rules` code the editor would run,
 * in a Web Worker, so a click on a running Gargantuan creature on a big map does not freeze the
 * window. The document is sent once per version; jobs name the version they are about.
 *
 * It also reads big files (`read`): parsing and checking a 512 × 512 file is one long task, too long
 * for the window to freeze on. The document read here is kept as the given version, so the engine
 * already has it when a creature is first selected (no second copy of the map sent back in).
 */
export type WorkerMessage =
  | { type: 'doc'; version: number; doc: Encounter }
  | { type: 'job'; id: number; version: number; job: MovementJob }
  | { type: 'read'; id: number; version: number; text: string; name: string }
  | { type: 'release' }
  | { type: 'memory'; id: number };

export type WorkerReply = { id: number; answer: unknown };

const docs = new Map<number, Encounter>();

function keep(version: number, doc: Encounter): void {
  // Only the latest version (and the one before, for jobs still in flight) are kept.
  docs.set(version, doc);
  for (const v of docs.keys()) if (v < version - 1) docs.delete(v);
}

const reply = (id: number, answer: unknown) => (self as unknown as DedicatedWorkerGlobalScope).postMessage({ id, answer } satisfies WorkerReply);

self.onmessage = (e: MessageEvent<WorkerMessage>) => {
  const m = e.data;
  if (m.type === 'doc') keep(m.version, m.doc);
  else if (m.type === 'release') releaseMovementMemory();
  else if (m.type === 'memory') reply(m.id, movementMemoryBytes());
  else if (m.type === 'read') {
    const read: ReadResult = readEncounterText(m.text, m.name);
    // Kept only where its movement is worked out here (a small map's, with a big picture, is not).
    if (read.ok && read.encounter.map.width * read.encounter.map.height >= WORKER_MIN_SQUARES) keep(m.version, read.encounter);
    reply(m.id, read);
  } else {
    const doc = docs.get(m.version);
    reply(m.id, doc ? answerMovement(doc, m.job) : { kind: 'reach' as const, value: { refused: 'The map changed while its movement was worked out.' } });
  }
};
