import { describe, expect, it } from 'vitest';
import { CURRENT_PLAY_SESSION_VERSION, EncounterFileSchema, parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import { CURRENT_RULES_VERSION, newSession, perform, replay, savedSession, undoEntry, withSession, type PlayAction, type PlaySession } from '../../../src-shared/play';

// Issue 17 › 6: the play session has a format version of its own; sessions saved before it (no
// `version`) are version 1 and migrate on opening. The file's own format version is unchanged.

const PLANNED = parseScenario(`ruleset: d20-35
name: Yard
map:
  . . . . . .
  . A . . . .
  . . . O . .
creatures:
  A: name=Aric size=medium side=party speed=30
  O: name=Orc size=medium side=enemy speed=30
`);
const SCRIPT: PlayAction[] = [
  { kind: 'roll-initiative', modifiers: { A: 2, O: 1 } },
  { kind: 'damage', creature: 'O', amount: 3 },
  { kind: 'next-turn' },
  { kind: 'hit-points', creature: 'A', hitPoints: 12 },
];
function played(): PlaySession {
  let s = newSession(11);
  for (const a of SCRIPT) {
    const r = perform(PLANNED, s, a);
    if (!r.ok) throw new Error(r.reason);
    s = r.session;
  }
  return s;
}
const fileOf = (s: PlaySession) => JSON.parse(serializeEncounter(withSession(PLANNED, s))) as Record<string, any>;

describe('the play session format version', () => {
  it('is written with every saved session, the file format unchanged', () => {
    const file = fileOf(played());
    expect(CURRENT_PLAY_SESSION_VERSION).toBe(3);
    expect(file.play.version).toBe(3);
    expect(file.formatVersion).toBe(2);
    expect(EncounterFileSchema.safeParse(file).success).toBe(true);
  });

  it('a session saved before it (no version) opens as version 1, migrates and replays the same fight', () => {
    const session = played();
    const old = fileOf(session);
    delete old.play.version;
    // The documented schema is the format written now: the old session is not it…
    expect(EncounterFileSchema.safeParse(old).success).toBe(false);
    // …but it opens.
    const r = parseEncounter(JSON.stringify(old));
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    const resumed = savedSession(r.encounter)!;
    expect(resumed).toEqual(session);
    expect(replay(r.encounter, resumed)).toEqual(replay(PLANNED, session));
    // Saved again, it is the current version.
    expect(JSON.parse(serializeEncounter(r.encounter)).play.version).toBe(3);
  });

  it('a format 1 file with a session migrates both (the file 1 → 2, the session 1 → 2)', () => {
    const old = fileOf(played());
    old.formatVersion = 1;
    delete old.play.version;
    const r = parseEncounter(JSON.stringify(old));
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (r.ok) expect(savedSession(r.encounter)).toEqual(played());
  });

  it('a session from a newer version, or with a version that is not a number, is refused in words', () => {
    const newer = fileOf(played());
    newer.play.version = 4;
    expect(parseEncounter(JSON.stringify(newer))).toEqual({
      ok: false,
      error: 'play.version: the play session is format 4, made by a newer version of Encounter Builder; this version reads up to 3',
    });
    const odd = fileOf(played());
    odd.play.version = 'two';
    const r = parseEncounter(JSON.stringify(odd));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^play\.version: /);
  });

  it('saves and reopens an undone entry: the dice streams and the line set aside', () => {
    const undone = undoEntry(PLANNED, played(), 1);
    expect(undone.ok).toBe(true);
    if (!undone.ok) return;
    expect(undone.session.streams).toEqual([0, 2, 3]);
    expect(undone.session.branches).toHaveLength(1);
    const r = parseEncounter(serializeEncounter(withSession(PLANNED, undone.session)));
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    const resumed = savedSession(r.encounter)!;
    expect(resumed).toEqual(undone.session);
    expect(replay(r.encounter, resumed)).toEqual(undone.state);
  });

  it('streams that do not name one per action, or name one twice, are refused with the field named', () => {
    const undone = undoEntry(PLANNED, played(), 1);
    if (!undone.ok) throw new Error(undone.reason);
    const short = fileOf(undone.session);
    short.play.streams = [0, 2];
    const a = parseEncounter(JSON.stringify(short));
    expect(a).toEqual({ ok: false, error: 'play.streams: 2 streams for 3 log actions: one each' });
    const twice = fileOf(undone.session);
    twice.play.branches[0].streams = [0, 1, 1, 3];
    const b = parseEncounter(JSON.stringify(twice));
    expect(b).toEqual({ ok: false, error: 'play.branches[0].streams: two log actions name the same dice stream' });
  });

  it('a creature renamed on opening (a reserved id) is renamed in the lines set aside too', () => {
    const undone = undoEntry(PLANNED, played(), 1);
    if (!undone.ok) throw new Error(undone.reason);
    const file = fileOf(undone.session);
    // A hand-edited file: the orc's id is a reserved name, everywhere it is named.
    const text = JSON.stringify(file).replaceAll('"O"', '"constructor"');
    expect(text).toContain('"branches"');
    const r = parseEncounter(text);
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    const to = r.renamed![0]!.to;
    const branch = r.encounter.play!.branches![0]!;
    expect(branch.log[1]).toEqual({ kind: 'damage', creature: to, amount: 3 });
    expect(Object.keys(branch.log[0]!['modifiers'] as object)).toEqual(['A', to]);
  });

  it('a version 2 session (before rules editions) opens as version 3 without an edition, and replays as it was played', () => {
    // d20-phb-30.txt › Maneuverability: a poor flyer cannot hover. Edition 2 stalls it at the end of
    // a turn spent hovering; a session saved before (edition 1) did not, and still does not.
    const sky = parseScenario(`ruleset: d20-30
map:
  . . . .
  . . . .
creatures:
  W: name=Wyvern size=medium side=enemy speed=20 fly=60 maneuver=poor alt=20 at=1,0
  F: name=Fighter size=medium side=party speed=30 at=3,1
`);
    const log: PlayAction[] = [{ kind: 'initiative', scores: { W: 20, F: 10 } }, { kind: 'next-turn' }];
    const file = JSON.parse(serializeEncounter(sky)) as Record<string, any>;
    file.play = { version: 2, seed: 3, cursor: 2, log };
    const r = parseEncounter(JSON.stringify(file));
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    const old = savedSession(r.encounter)!;
    expect(old.rulesVersion).toBeUndefined();
    expect(replay(r.encounter, old).board.creatures.find((c) => c.id === 'W')!.altitude).toBe(20);
    // Saved again it stays edition 1 (no field); a new session plays by the current edition.
    const again = JSON.parse(serializeEncounter(r.encounter)) as Record<string, any>;
    expect(again.play.version).toBe(3);
    expect(again.play).not.toHaveProperty('rulesVersion');
    const now = { ...newSession(3), log, cursor: 2 };
    expect(replay(sky, now).board.creatures.find((c) => c.id === 'W')!.altitude).toBe(0);
  });

  it('a rules edition this version does not know is refused with the field named', () => {
    const file = fileOf(played());
    expect(file.play.rulesVersion).toBe(CURRENT_RULES_VERSION);
    file.play.rulesVersion = CURRENT_RULES_VERSION + 1;
    const r = parseEncounter(JSON.stringify(file));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^play\.rulesVersion: /);
  });
});
