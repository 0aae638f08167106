import { describe, expect, it } from 'vitest';
import { parseEncounter, serializeEncounter } from '../../../src-shared/io';
import { createEncounter, makeCreature, type PictureFile } from '../../../src-shared/model';
import { tokenImagesInUse, withoutUnusedTokenImages, withTokenImage } from '../../../src-shared/model/token-images';

// Token art is kept once per picture (found by its bytes) and a picture no creature shows is not
// written to the file (issue 15, item 4).
const png = (data: string): PictureFile => ({ mime: 'image/png', data, width: 4, height: 4 });

describe('withTokenImage', () => {
  it('adds a new picture with an id from its content, and finds the same bytes again', () => {
    const first = withTokenImage([], png('AAAA'));
    expect(first.tokenImages).toHaveLength(1);
    expect(first.id).toMatch(/^token-[0-9a-f]{8}$/);
    const again = withTokenImage(first.tokenImages, png('AAAA'));
    expect(again.id).toBe(first.id);
    expect(again.tokenImages).toHaveLength(1);
    const other = withTokenImage(again.tokenImages, png('BBBB'));
    expect(other.id).not.toBe(first.id);
    expect(other.tokenImages.map((t) => t.data)).toEqual(['AAAA', 'BBBB']);
  });

  it('keeps ids unique when an id is taken by other bytes', () => {
    const first = withTokenImage([], png('AAAA'));
    const clash = [{ ...first.tokenImages[0]!, data: 'CCCC' }];
    const next = withTokenImage(clash, png('AAAA'));
    expect(next.id).toBe(`${first.id}-2`);
  });
});

describe('unused token pictures', () => {
  it('are dropped, used ones kept in order', () => {
    const list = [{ id: 'a', ...png('AAAA') }, { id: 'b', ...png('BBBB') }, { id: 'c', ...png('CCCC') }];
    expect(tokenImagesInUse(list, [{ token: 'c' }, {}, { token: 'a' }]).map((t) => t.id)).toEqual(['a', 'c']);
    const doc = { ...createEncounter({ ruleset: 'd20-35', width: 2, height: 2, name: 'T' }), tokenImages: list };
    expect(withoutUnusedTokenImages(doc).tokenImages).toBeUndefined();
  });

  it('are not written to the file; a used one is written byte for byte', () => {
    // A real 1 × 1 PNG, so the file's own picture check accepts it.
    const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';
    const other = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9GtQAAAABJRU5ErkJggg==';
    const base = createEncounter({ ruleset: 'd20-35', width: 3, height: 3, name: 'T' });
    const doc = {
      ...base,
      creatures: [{ ...makeCreature({ id: 'G', x: 0, y: 0 }), token: 'used' }],
      tokenImages: [
        { id: 'used', mime: 'image/png' as const, width: 1, height: 1, data: pixel },
        { id: 'gone', mime: 'image/png' as const, width: 1, height: 1, data: other },
      ],
    };
    const read = parseEncounter(serializeEncounter(doc));
    if (!read.ok) throw new Error(read.error);
    expect(read.encounter.tokenImages!.map((t) => t.id)).toEqual(['used']);
    expect(read.encounter.tokenImages![0]!.data).toBe(pixel);
    expect(read.encounter.creatures[0]!.token).toBe('used');
  });
});
