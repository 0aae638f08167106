import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src-main/services/handlers';
import { RecentFiles } from '../../../src-main/services/recent';
import { LIMITS } from '../../../src-shared/io';
import { CHANNELS, DROPPED_FILE_CHANNEL } from '../../../src-shared/ipc';
import { decodeBase64 } from '../../../src-shared/io/export/base64';

const CRYPT = path.resolve(__dirname, '../../fixtures/pictures/picture-editor-crypt.jpg');
let dir: string;
let answers: string[];
const recent = () => new RecentFiles(path.join(dir, 'data', 'recent.json'));
const setup = (r = recent()) =>
  createHandlers({
    dialogs: { openFile: async () => answers.shift() ?? null, saveFile: async () => null, openFolder: async () => null },
    recent: r,
  });

/** A PNG header claiming `width` × `height` pixels, with a whole chunk list (IHDR, IEND). */
function pngClaiming(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(8 + 25 + 12);
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt32BE(0, 33);
  b.write('IEND', 37, 'ascii');
  return b;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-picture-'));
  answers = [];
});

describe('pictures in, desktop edition (main process)', () => {
  it('File › Import picture… reads the chosen JPEG in the main process, its bytes unchanged', async () => {
    answers.push(CRYPT);
    const result = await setup()[CHANNELS.openPicture]([]);
    expect(result.ok).toBe(true);
    const value = (result as { ok: true; value: { file: { name: string }; picture: { mime: string; width: number; height: number; data: string } } }).value;
    expect(value.file.name).toBe('picture-editor-crypt.jpg');
    expect(value.picture).toMatchObject({ mime: 'image/jpeg', width: 1240, height: 940 });
    expect(Buffer.from(decodeBase64(value.picture.data)!).equals(readFileSync(CRYPT))).toBe(true);
  });

  it('File › Open of a picture answers the picture, not "not a text file", and keeps it off the recent list', async () => {
    answers.push(CRYPT);
    const r = recent();
    const result = await setup(r)[CHANNELS.openEncounter]([]);
    expect(result).toMatchObject({ ok: true, value: { text: '', picture: { mime: 'image/jpeg', width: 1240, height: 940 } } });
    expect(await r.list()).toEqual([]);
  });

  it('a dropped picture is read as a picture through the granted path, and is not kept granted for saving', async () => {
    const h = setup();
    const dropped = path.join(dir, 'crypt.jpg');
    writeFileSync(dropped, readFileSync(CRYPT));
    expect(await h[DROPPED_FILE_CHANNEL]([dropped])).toMatchObject({ ok: true });
    const read = await h[CHANNELS.readEncounter]([{ id: dropped, name: 'crypt.jpg' }]);
    expect(read).toMatchObject({ ok: true, value: { picture: { width: 1240, height: 940 } } });
    const save = await h[CHANNELS.saveEncounter]([{ file: { id: dropped, name: 'crypt.jpg' }, suggestedName: 'x', text: '{}' }]);
    expect(save.ok).toBe(false);
  });

  it('refuses a picture over a limit with a sentence naming the file and the limit, before anything reaches the page', async () => {
    const wide = path.join(dir, 'wide.png');
    writeFileSync(wide, pngClaiming(LIMITS.pictureSide + 1, 10));
    const many = path.join(dir, 'many.png');
    writeFileSync(many, pngClaiming(12_000, 12_000));
    const heavy = path.join(dir, 'heavy.jpg');
    writeFileSync(heavy, readFileSync(CRYPT));
    truncateSync(heavy, LIMITS.pictureBytes + 1);
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'not a picture');
    const cut = path.join(dir, 'cut.png');
    writeFileSync(cut, pngClaiming(100, 100).subarray(0, 40));
    const cases: [string, RegExp][] = [
      [wide, /^wide\.png was not imported: the picture is 16385 × 10 pixels; at most 16384 pixels a side is accepted\.$/],
      [many, /^many\.png was not imported: the picture is 12000 × 12000 pixels \(144 megapixels\); at most 100 megapixels are accepted\.$/],
      [heavy, /^heavy\.jpg was not imported: the picture is 48\.0 MiB, over the 48 MiB limit for a picture\.$/],
      [text, /^notes\.txt was not imported: the picture is neither PNG, JPEG nor WebP\.$/],
      [cut, /^cut\.png was not imported: the PNG is truncated/],
      [path.join(dir, 'missing.png'), /^Cannot open missing\.png: it does not exist/],
    ];
    for (const [file, message] of cases) {
      answers.push(file);
      const result = await setup()[CHANNELS.openPicture]([]);
      expect(result, file).toMatchObject({ ok: false, error: expect.stringMatching(message) });
    }
  });

  it('refuses arguments on the picture channel', async () => {
    expect(await setup()[CHANNELS.openPicture](['/etc/passwd'])).toMatchObject({ ok: false, error: expect.stringMatching(/^Refused openPicture/) });
  });
});
