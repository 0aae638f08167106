import { readFileSync, statSync } from 'node:fs';
import { MAX_FILE_BYTES, serializeEncounter } from '../../src-shared/io';
import { FileProblem, writeFileAtomic } from '../services/files';
import type { Encounter } from '../../src-shared/model';
import { conditionsOf, exportLog, goTo, newSession, perform, replay, savedSession, undoEntry, withSession, type NotReapplied, type PlayAction, type PlaySession, type PlayState } from '../../src-shared/play';

/**
 * `encounter play <file> --script <moves.json> [--seed N] [--drop N] [--undo N] [--json] [--log text|markdown]
 * [--save <out>]` — plays a scripted fight without a screen: every action through the same model as
 * Play mode, so a test or a GM can replay a fight and read the final positions, damage and log.
 * Without --script it resumes the session saved in the file.
 */
export class PlayCliError extends Error {}

export interface PlayCliOptions {
  get(key: string): string | undefined;
  has(key: string): boolean;
}

export const PLAY_HELP = `  play <file> [--script moves.json] [--seed N] [--drop N] [--undo N] [--log text|markdown] [--save out.encounter] [--json]
        plays a scripted fight (a JSON list of play actions, or {"seed": N, "actions": [...]}; see
        docs/play.md) from the planned layout with seeded dice; --drop N undoes log entry N alone
        (numbered from 1), applying the later ones again and naming those that no longer apply (the
        line as it was is kept in the session); --undo N steps back N actions at the end; without
        --script, resumes the session saved in the file. Prints positions, damage, the open attacks
        of opportunity and the log; --save writes the encounter with the session`;

/** What --drop did: the entry undone and the later ones that no longer apply, numbered from 1. */
export interface DroppedReport {
  index: number;
  text: string;
  notReapplied: { index: number; kind: string; text: string; reason: string }[];
}

function dropReport(index: number, text: string, notReapplied: NotReapplied[]): DroppedReport {
  return { index: index + 1, text, notReapplied: notReapplied.map((r) => ({ index: r.index + 1, kind: r.kind, text: r.text, reason: r.reason })) };
}

function dropText(d: DroppedReport): string {
  const lines = [`Dropped entry ${d.index}: ${d.text}`];
  if (!d.notReapplied.length) lines.push('Every later entry still applies.');
  for (const r of d.notReapplied) lines.push(`No longer applies: entry ${r.index}, ${r.text} Why: ${r.reason}`);
  return lines.join('\n') + '\n\n';
}

function readScript(path: string): { seed?: number; actions: PlayAction[] } {
  let text: string;
  try {
    // The same limits as every other file the CLI reads: a regular file (not /dev/zero, not a
    // pipe) no larger than an encounter file, checked before reading (issue 19 › 7).
    const stat = statSync(path);
    if (!stat.isFile()) throw new PlayCliError(`${path} is not a file`);
    if (stat.size > MAX_FILE_BYTES) throw new PlayCliError(`${path} is ${(stat.size / 1048576).toFixed(1)} MiB, over the ${MAX_FILE_BYTES / 1048576} MiB limit for a script`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof PlayCliError) throw e;
    throw new PlayCliError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new PlayCliError(`${path}: not valid JSON (${(e as Error).message})`);
  }
  const body = Array.isArray(data) ? { actions: data } : (data as { seed?: unknown; actions?: unknown });
  if (!body || typeof body !== 'object' || !Array.isArray(body.actions)) throw new PlayCliError(`${path}: expected a list of play actions or {"seed": N, "actions": [...]}`);
  for (const [i, a] of body.actions.entries()) {
    if (!a || typeof a !== 'object' || typeof (a as { kind?: unknown }).kind !== 'string') throw new PlayCliError(`${path}: action ${i + 1} has no "kind"`);
  }
  const seed = body.seed;
  if (seed !== undefined && !Number.isInteger(seed)) throw new PlayCliError(`${path}: "seed" is a whole number`);
  return { ...(seed !== undefined ? { seed: seed as number } : {}), actions: body.actions as PlayAction[] };
}

function wholeNumber(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new PlayCliError(`${what} "${text}" is not a whole number`);
  return Number(text);
}

/** Positions, damage and the log: what the tests and the GM read. */
export function playSummary(state: PlayState, session: PlaySession, dropped?: DroppedReport) {
  return {
    ...(dropped ? { dropped } : {}),
    ruleset: state.board.ruleset,
    seed: session.seed,
    cursor: session.cursor,
    actions: session.log.length,
    round: state.round,
    current: state.current,
    order: state.order.map((o) => ({ creature: o.creature, score: o.score })),
    creatures: state.board.creatures.map((c) => {
      const h = state.health.get(c.id);
      return {
        id: c.id,
        name: c.name,
        x: c.x,
        y: c.y,
        altitude: c.altitude,
        prone: c.prone,
        damage: h?.damage ?? 0,
        nonlethal: h?.nonlethal ?? 0,
        hitPoints: h?.hitPoints ?? null,
        temporaryHitPoints: h?.temporary ?? 0,
        conditions: conditionsOf(state, c.id).map((r) => r.id),
      };
    }),
    pending: state.pending.filter((p) => p.status === 'open').map((p) => ({ id: p.id, attacker: p.attacker, target: p.target, at: p.at })),
    ...gmTools(state),
    // Numbered from 1, as the panel and the exported log number them.
    log: state.entries.map((e) => ({
      index: e.index + 1,
      round: e.round,
      kind: e.kind,
      actor: e.actor,
      text: e.text,
      squares: e.squares,
      dice: e.dice,
      damage: e.damage,
      conditions: e.conditions,
      rules: e.rules.map((r) => r.ref),
      ...(e.refused ? { refused: e.refused } : {}),
    })),
    session,
  };
}

/**
 * The GM's tools on the board (docs/play.md › The command line): effects in play, the attack profiles
 * kept, the area templates placed. Each field is written out by name, every one present (null when
 * unset), so the shapes stay put when the model's own types grow.
 */
function gmTools(state: PlayState) {
  return {
    effects: state.effects.map((f) =>
      f.kind === 'duration'
        ? { id: f.id, kind: f.kind, name: f.name, on: f.on, condition: f.condition, ends: f.edge, turnOf: f.turnOf, round: f.round }
        : { id: f.id, kind: f.kind, name: f.name, on: f.on, condition: f.condition, damage: f.damage, nonlethal: f.nonlethal, left: f.left },
    ),
    // In the board's creature order, so two runs list them alike whatever order they were set in.
    attackProfiles: state.board.creatures.flatMap((c) => {
      const p = state.attackProfiles.get(c.id);
      return p ? [{ creature: c.id, attack: p.attack ?? null, damage: p.damage ?? null, against: p.against ?? null }] : [];
    }),
    areas: state.areas.map((a) => ({
      id: a.id,
      label: a.label,
      shape: a.template.shape,
      size: a.template.size,
      origin: { x: a.template.origin.x, y: a.template.origin.y },
      toward: a.template.toward ? { x: a.template.toward.x, y: a.template.toward.y } : null,
      round: a.round,
      squares: a.covers.squares.map((q) => ({ x: q.x, y: q.y })),
      creatures: a.covers.creatures.map((k) => ({ creature: k.creature, cover: k.cover })),
    })),
  };
}

/** The answer; a Promise of it with --save, which writes through the app's own save (files.ts). */
export function playCommand(encounter: Encounter, options: PlayCliOptions): string | Promise<string> {
  const scriptPath = options.get('script');
  const seedOption = wholeNumber(options.get('seed'), '--seed');
  let session: PlaySession;
  let state: PlayState;
  if (scriptPath) {
    const script = readScript(scriptPath);
    session = newSession(seedOption ?? script.seed ?? 1);
    state = replay(encounter, session);
    for (const [i, action] of script.actions.entries()) {
      const r = perform(encounter, session, action, state);
      if (!r.ok) throw new PlayCliError(`action ${i + 1} (${action.kind}) refused: ${r.reason}`);
      session = r.session;
      state = r.state;
    }
  } else {
    const saved = savedSession(encounter);
    if (!saved) throw new PlayCliError('the file has no saved play session: give --script moves.json');
    session = seedOption === undefined ? saved : { ...saved, seed: seedOption };
    state = replay(encounter, session);
  }
  const drop = wholeNumber(options.get('drop'), '--drop');
  let dropped: DroppedReport | undefined;
  if (drop !== undefined) {
    const n = session.log.length;
    if (n && (drop < 1 || drop > n)) throw new PlayCliError(`--drop ${drop}: the log's entries are numbered 1 to ${n}`);
    const r = undoEntry(encounter, session, drop - 1);
    if (!r.ok) throw new PlayCliError(`--drop ${drop}: ${r.reason}`);
    session = r.session;
    state = r.state;
    dropped = dropReport(drop - 1, r.undone.text, r.notReapplied);
  }
  const undo = wholeNumber(options.get('undo'), '--undo');
  if (undo !== undefined) {
    if (undo < 0) throw new PlayCliError('--undo is a number of actions, 0 or more');
    session = goTo(session, session.cursor - undo);
    state = replay(encounter, session);
  }
  const format = options.get('log');
  if (format !== undefined && format !== 'text' && format !== 'markdown') throw new PlayCliError(`--log ${format}: use text or markdown`);
  const answer = options.has('json')
    ? JSON.stringify(playSummary(state, session, dropped)) + '\n'
    : (dropped ? dropText(dropped) : '') + exportLog(state, format === 'markdown' ? 'markdown' : 'text');
  const out = options.get('save');
  if (!out) return answer;
  return writeFileAtomic(out, serializeEncounter(withSession(encounter, session))).then(
    () => answer,
    (e: unknown) => Promise.reject(e instanceof FileProblem ? new PlayCliError(e.message) : e),
  );
}
