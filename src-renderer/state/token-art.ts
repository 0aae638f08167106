import type { Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import { pictureFromBytes } from '../../src-shared/io/import/image';
import type { Creature, Encounter } from '../../src-shared/model';
import { tokenImagesInUse, withTokenImage } from '../../src-shared/model/token-images';

export interface TokenArtDeps {
  doc: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
  notify: (kind: 'error' | 'warning' | 'info', text: string) => void;
}

/**
 * Token pictures on creatures: a picked file is checked as every picture is (`pictureFromBytes`,
 * the one set of picture limits), kept byte for byte once per content in `tokenImages`, and given
 * to every selected creature as one undo step. A picture no creature shows any more goes in the
 * same step.
 */
export function createTokenArt(deps: TokenArtDeps) {
  const { doc, execute, notify } = deps;

  /** The step that gives `ids` the token `token` (undefined: none), dropping pictures left unused. */
  function tokenStep(d: Encounter, ids: readonly string[], token: string | undefined, images: NonNullable<Encounter['tokenImages']>, label: string): Command {
    const chosen = new Set(ids);
    const after: Pick<Creature, 'token'>[] = d.creatures.map((c) => (chosen.has(c.id) ? { token } : c));
    const kept = tokenImagesInUse(images, after);
    const commands: Command[] = [];
    // Added first, so every creature's token names a picture that is there; pruned last.
    if (images.length !== (d.tokenImages ?? []).length) commands.push({ type: 'setTokenImages', tokenImages: images });
    for (const c of d.creatures) if (chosen.has(c.id) && c.token !== token) commands.push({ type: 'updateCreature', id: c.id, changes: { token } });
    if (kept.length !== images.length) commands.push({ type: 'setTokenImages', tokenImages: kept });
    return { type: 'batch', label, commands };
  }

  const whom = (d: Encounter, ids: readonly string[]) => {
    const c = ids.length === 1 ? d.creatures.find((k) => k.id === ids[0]) : undefined;
    return c ? c.name || c.id : `${ids.length} creatures`;
  };

  /** Gives the creatures the picture in `bytes` (from the file `fileName`); refused with a notice naming the problem. */
  function setTokenPicture(ids: readonly string[], bytes: Uint8Array, fileName: string): boolean {
    const d = doc();
    if (!d || !ids.length) return false;
    const checked = pictureFromBytes(bytes);
    if (!checked.ok) {
      notify('error', `${fileName} cannot be a token picture: ${checked.error}.`);
      return false;
    }
    const { tokenImages, id } = withTokenImage(d.tokenImages ?? [], checked.image);
    return execute(tokenStep(d, ids, id, tokenImages, `token picture for ${whom(d, ids)}`));
  }

  function removeTokenPicture(ids: readonly string[]): boolean {
    const d = doc();
    if (!d || !ids.some((id) => d.creatures.find((c) => c.id === id)?.token !== undefined)) return false;
    return execute(tokenStep(d, ids, undefined, d.tokenImages ?? [], `remove token picture from ${whom(d, ids)}`));
  }

  return { setTokenPicture, removeTokenPicture };
}

export type TokenArt = ReturnType<typeof createTokenArt>;
