/// <reference lib="webworker" />
import type { Encounter } from '../../src-shared/model';
import { releaseMovementMemory } from '../../src-shared/rules';
import { answerMovement, type MovementJob } from './movement-answers';

/**
 * The movement engine off the main thread: the same `src-shared/rules` code the editor would run,
 * in a Web Worker, so a click on a running Gargantuan creature on a big map does not freeze the
 * window. The document is sent once per version; jobs name the version they are about.
 */
export type WorkerMessage =
  | { type: 'doc'; version: number; doc: Encounter }
  | { type: 'job'; id: number; version: number; job: MovementJob }
  | { type: 'release' };

const docs = new Map<number, Encounter>();

self.onmessage = (e: MessageEvent<WorkerMessage>) => {
  const m = e.data;
  if (m.type === 'doc') {
    // Only the latest version (and the one before, for jobs still in flight) are kept.
    docs.set(m.version, m.doc);
    for (const v of docs.keys()) if (v < m.version - 1) docs.delete(v);
  } else if (m.type === 'release') releaseMovementMemory();
  else {
    const doc = docs.get(m.version);
    const answer = doc ? answerMovement(doc, m.job) : { kind: 'reach' as const, value: { refused: 'The map changed while its movement was worked out.' } };
    (self as unknown as DedicatedWorkerGlobalScope).postMessage({ id: m.id, answer });
  }
};
