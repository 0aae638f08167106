import type { Creature } from './creature';
import type { Encounter } from './encounter';
import type { PictureFile, TokenImage } from './picture';

/**
 * Token art kept once per picture: twenty goblins showing the same file share one entry of the
 * encounter's `tokenImages`, found by its bytes, and an entry no creature shows is dropped.
 */

/** FNV-1a over the base64 text: a short id that follows the content (equal bytes, equal id). */
function contentHash(data: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < data.length; i++) {
    h ^= data.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The token pictures with `image` among them: the entry already holding the same bytes if there is
 * one, else a new entry whose id comes from its content (made unique if two files hash alike).
 */
export function withTokenImage(list: readonly TokenImage[], image: PictureFile): { tokenImages: TokenImage[]; id: string } {
  const same = list.find((t) => t.data === image.data);
  if (same) return { tokenImages: list.slice(), id: same.id };
  const base = `token-${contentHash(image.data)}`;
  const ids = new Set(list.map((t) => t.id));
  let id = base;
  for (let k = 2; ids.has(id); k++) id = `${base}-${k}`;
  return { tokenImages: [...list, { id, mime: image.mime, width: image.width, height: image.height, data: image.data }], id };
}

/** The token pictures some creature shows, in their order. */
export function tokenImagesInUse(list: readonly TokenImage[], creatures: readonly Pick<Creature, 'token'>[]): TokenImage[] {
  const shown = new Set(creatures.map((c) => c.token).filter((t): t is string => t !== undefined));
  return list.filter((t) => shown.has(t.id));
}

/** The encounter without token pictures no creature shows (as it is saved). Unchanged when all are used. */
export function withoutUnusedTokenImages(doc: Encounter): Encounter {
  const list = doc.tokenImages;
  if (!list?.length) return doc;
  const kept = tokenImagesInUse(list, doc.creatures);
  if (kept.length === list.length) return doc;
  const next: Encounter = { ...doc };
  if (kept.length) next.tokenImages = kept;
  else delete next.tokenImages;
  return next;
}
