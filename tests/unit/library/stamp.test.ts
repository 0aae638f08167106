import { describe, expect, it } from 'vitest';
import { parseEncounter, serializeEncounter } from '../../../src-shared/io';
import { indexEncounterText, pieceFromStamp, stampForRuleset, stampFromPiece } from '../../../src-shared/library';
import { createEncounter, Edge, makeCreature, Terrain, type Encounter } from '../../../src-shared/model';
import { cutOut, regionOfRect, regionOfSquares, type MapPiece } from '../../../src-shared/model/map-piece';

/**
 * Stamps (issue 18 › 2): a piece of a map saved as a small encounter file with a mask, read back to
 * the same piece; dropped on another ruleset only where its layers mean the same there.
 */

/** A 6 × 5 d20 map: a 2 × 2 room of difficult ground at 3,1 with a wall on its west side and a door on its north side, 10 ft up, a Large ogre in it. */
function roomMap(ruleset: Encounter['ruleset'] = 'd20-35'): Encounter {
  const e = createEncounter({ name: 'Keep', ruleset, width: 6, height: 5 });
  const W = 6;
  for (const [x, y] of [[3, 1], [4, 1], [3, 2], [4, 2]] as const) {
    e.map.terrain[y * W + x] = Terrain.difficult;
    e.map.elevation[y * W + x] = 10;
  }
  e.map.edgeEast[1 * W + 2] = Edge.wall; // the west side of 3,1
  e.map.edgeEast[2 * W + 2] = Edge.wall; // the west side of 3,2
  e.map.edgeSouth[0 * W + 4] = Edge.doorClosed; // the north side of 4,1
  e.creatures.push(makeCreature({ id: 'ogre', name: 'Ogre', size: 'large', side: 'enemy', x: 3, y: 1, speed: { walk: 40 } }));
  return e;
}

const roomPiece = (e: Encounter = roomMap()): MapPiece => cutOut(e, regionOfRect({ x: 3, y: 1 }, { x: 4, y: 2 }));

describe('a stamp file', () => {
  it('keeps a piece whole through a save and an open, its west wall and north door included', () => {
    const piece = roomPiece();
    expect(piece.edges.vertical.filter((v) => v === Edge.wall)).toHaveLength(2);
    const stamp = stampFromPiece(piece, 'Ogre den', ['Room', 'ogre']);
    expect(stamp.map.width).toBe(3); // the piece and a margin column for its west side
    const parsed = parseEncounter(serializeEncounter(stamp));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.encounter.stamp).toBeDefined();
    expect(parsed.encounter.tags).toEqual(['room', 'ogre']); // lower case, in the order given
    const back = pieceFromStamp(parsed.encounter);
    expect(back).toEqual(piece);
  });

  it('keeps a mask that is not a rectangle', () => {
    const e = roomMap();
    const piece = cutOut(e, regionOfSquares([{ x: 3, y: 1 }, { x: 4, y: 1 }, { x: 3, y: 2 }]));
    const parsed = parseEncounter(serializeEncounter(stampFromPiece(piece, 'L')));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(pieceFromStamp(parsed.encounter).mask).toEqual([1, 1, 1, 0]);
  });

  it('refuses a damaged mask with the field and the reason', () => {
    const text = serializeEncounter(stampFromPiece(roomPiece(), 'Den'));
    const file = JSON.parse(text);
    const cases: [unknown, RegExp][] = [
      [[4, 1], /stamp\.mask: the runs cover 4 squares but the map has 9/],
      [[9, 2], /stamp\.mask: run 1 has value 2, which this layer does not allow/],
      [[9, 0], /stamp\.mask: no square belongs to the stamp/],
      ['all', /stamp\.mask/],
    ];
    for (const [mask, message] of cases) {
      const parsed = parseEncounter(JSON.stringify({ ...file, stamp: { mask } }));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(message);
    }
    expect(parseEncounter(JSON.stringify({ ...file, stamp: { mask: file.stamp.mask, run: 1 } })).ok).toBe(false);
  });

  it('is listed by the library as a stamp, with a picture', () => {
    const fields = indexEncounterText(serializeEncounter(stampFromPiece(roomPiece(), 'Den', ['room'])));
    expect(fields.stamp).toBe(true);
    expect(fields.thumbnail).toMatch(/^data:image\/png;base64,/);
    expect(indexEncounterText(serializeEncounter(roomMap())).stamp).toBeUndefined();
  });
});

describe('a stamp dropped on another ruleset', () => {
  it('drops unchanged in its own ruleset', () => {
    const piece = roomPiece();
    expect(stampForRuleset(piece, 'd20-35')).toEqual({ ok: true, piece, notes: [] });
  });

  it('drops between d20 3.5, d20 3.0 and Epic Path, whose squares, heights and speeds all count in feet', () => {
    const piece = roomPiece();
    for (const target of ['d20-30', 'epic-path'] as const) {
      const r = stampForRuleset(piece, target);
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.piece.ruleset).toBe(target);
        expect(r.piece.squares.elevation).toEqual(piece.squares.elevation);
        expect(r.notes).toEqual([]);
      }
    }
  });

  it('scales heights by the square where a square is 1.5 m (Startroid), once its creatures are left out', () => {
    // A square is 5 ft in d20 and 1.5 m in Startroid: 10 ft up, two squares, is 3 m there.
    const piece = { ...roomPiece(), creatures: [] };
    const r = stampForRuleset(piece, 'startroid');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.piece.squares.elevation).toEqual([10, 10, 10, 10].map(() => 3));
      expect(r.notes.join(' ')).toMatch(/Heights scaled from ft to m/);
    }
  });

  it('refuses creatures whose speeds another ruleset counts in another unit', () => {
    const r = stampForRuleset(roomPiece(), 'startroid');
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/made for d20 SRD 3\.5 .* Startroid map: its creatures' speeds are counted in feet, and Startroid counts movement in squares/) });
    const six = stampForRuleset(roomPiece(), '6d6');
    expect(six.ok).toBe(false);
  });

  it('refuses a layer only its own ruleset reads: 6d6 movement resistance on a d20 map', () => {
    const e = roomMap('6d6');
    e.creatures = [];
    e.map.resistance[1 * 6 + 3] = 4;
    const r = stampForRuleset(roomPiece(e), 'd20-35');
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/its movement resistance means nothing in d20 SRD 3\.5 \(only 6d6 RPG reads it\)/) });
  });
});
