import { MAX_FILE_BYTES, parseEncounter, serializeEncounter } from '../../src-shared/io';
import { normaliseTags } from '../../src-shared/library';
import { FileProblem, readTextFile, writeFileAtomic } from './files';

/** Writes new tags into an encounter file (atomically); refuses a file that does not parse. */
export async function retagFile(filePath: string, tags: string[]): Promise<null> {
  const parsed = parseEncounter(await readTextFile(filePath, MAX_FILE_BYTES));
  if (!parsed.ok) throw new FileProblem(`Not tagged: the file is not a valid encounter (${parsed.error}).`);
  const next = normaliseTags(tags);
  await writeFileAtomic(filePath, serializeEncounter({ ...parsed.encounter, tags: next.length ? next : undefined }));
  return null;
}
