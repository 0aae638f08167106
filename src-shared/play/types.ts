import type { Encounter, MovementMode } from '../model';
import type { MoveAction } from '../rules/engine/types';
import type { AreaAnswer, AreaShape, AreaTemplate } from '../rules/areas';
import type { ForcedKind } from '../rules/forced';

/**
 * Play mode as plain data: a session is the seed and the log of what was done; the board at any
 * moment is derived by replaying the log from the planned layout (see `session.ts`). Every type
 * here is JSON-safe so a session saves with its encounter and a test can write one by hand.
 */

export interface Square {
  x: number;
  y: number;
  /** Flight paths: the altitude of the creature's underside above the ground there. */
  z?: number;
}

/** A rule as `file › heading` (for code, tests and logs) and as the reader sees it. */
export interface RuleCite {
  file: string;
  heading: string;
  /** `d20-srd-35.txt › Falling` */
  ref: string;
  /** `d20 SRD 3.5 › Falling` */
  display: string;
}

/** What a turn's movement may be: the engine's move actions plus standing up (and charge, refused). */
export type TurnAction = MoveAction | 'stand-up' | 'charge';

/** One thing done in play: the unit of the log. Plain data: it saves, replays and undoes. */
export type PlayAction =
  /** Initiative entered by the GM: a score per creature id. */
  | { kind: 'initiative'; scores: Record<string, number> }
  /** Initiative rolled with the session's seeded dice: the die plus each creature's modifier. */
  | { kind: 'roll-initiative'; modifiers?: Record<string, number>; dice?: string }
  /** The GM's order (breaking ties or delaying): every creature in the initiative, first to last. */
  | { kind: 'order'; order: string[] }
  /** A move along a drawn path: the creature's top-left squares after the start, one step each. */
  | {
      kind: 'move';
      creature: string;
      action: MoveAction;
      path: Square[];
      mode?: MovementMode;
      score?: number;
      dice?: string;
      /** startroid.txt › Phasing: through terrain, obstacles and creatures, ending in an unoccupied space. */
      phasing?: boolean;
    }
  | { kind: 'stand-up'; creature: string }
  | { kind: 'next-turn' }
  /**
   * The GM resolves a pending attack of opportunity: a hit or a miss typed (damage if any), or `roll`:
   * the attacker's attack against the target's number, the attacker's damage on a hit (`attack-profile`).
   */
  | { kind: 'resolve'; pending: string; outcome: 'hit' | 'miss' | 'roll'; damage?: number }
  /** Damage the GM enters (an attack, or a fall the text leaves to the GM): an amount, or dice rolled (`2d6+3`). */
  | { kind: 'damage'; creature: string; amount?: number; dice?: string; nonlethal?: boolean; note?: string }
  | { kind: 'hit-points'; creature: string; hitPoints: number }
  /**
   * d20-phb-30.txt › Minimum Forward Speed: a stalled flyer's DC 20 Reflex save on its next turn —
   * the GM's result, or rolled (1d20 + modifier) with the seeded dice when `success` is absent.
   */
  | { kind: 'stall-save'; creature: string; success?: boolean; modifier?: number }
  /**
   * Forced movement by an attacker (epic-path.txt › Forced Movement; startroid.txt › Pull, Push and
   * Slide): `to` lists the squares (the target's top-left) in order; push and pull choose their own
   * squares when it is absent.
   */
  | { kind: 'forced'; effect: ForcedKind; target: string; by: string; squares: number; to?: Square[]; dropProne?: boolean; /** The effect moves the target off its plane (startroid.txt › Pull, Push and Slide: "unless the effect says otherwise"). */ threeDimensional?: boolean }
  /** startroid.txt › Teleportation: to a square it can see, within the power's range. */
  | { kind: 'teleport'; creature: string; to: Square; range?: number }
  // Areas and the ruler (issue 17 › 5): a template placed on the board until cleared.
  /** An area template (ruleset-neutral): shape, size in squares, origin corner (or middle square), aim. */
  | { kind: 'area'; shape: AreaShape; size: number; origin: Square; toward?: { x: number; y: number }; label?: string }
  /** Takes one template (by id) or, with no id, every template off the board. */
  | { kind: 'clear-area'; area?: string }
  // Dice roller and rolled attacks (issue 17 › 2): any roll in the log; a creature's attack profile.
  /** The GM rolls any expression (`4d6kh3`, `1d20+5`): in the log with each die's face. */
  | { kind: 'roll'; dice: string; what?: string }
  /**
   * What the GM keeps per creature for rolled attacks: its own attack roll and damage (used when it
   * attacks) and the number an attack on it must reach (used when it is attacked). Absent fields stay
   * as they were; null clears one.
   */
  | { kind: 'attack-profile'; creature: string; attack?: string | null; damage?: string | null; against?: number | null }
  // play-health: conditions the ruleset's text names, set or cleared (conditions.ts); healing and temporary hit points (health.ts)
  | { kind: 'condition'; creature: string; condition: string; on: boolean }
  /** Healing the GM enters: lethal damage (or nonlethal) comes off (health.ts). */
  | { kind: 'heal'; creature: string; amount: number; nonlethal?: boolean }
  /** Temporary hit points the GM gives (they take damage first; 0 clears them). */
  | { kind: 'temporary-hit-points'; creature: string; amount: number }
  // Turn control (issue 17 › 4): moves out of turn, delay and ready, the order mid-fight, effects.
  /**
   * A move by a creature whose turn it is not: a GM correction or a reaction. The path is checked as
   * any move; the current turn's movement is untouched (see `outOfTurnMove`).
   */
  | { kind: 'move-out-of-turn'; outOfTurn: OutOfTurn; creature: string; action: MoveAction; path: Square[]; mode?: MovementMode; score?: number; dice?: string; phasing?: boolean }
  /** The current creature delays: the turn passes on, and it acts later when the GM says (`act-now`). */
  | { kind: 'delay'; creature: string }
  /** The current creature readies an action for a trigger the GM writes; `act-now` fires it out of turn. */
  | { kind: 'ready'; creature: string; trigger: string }
  /** A delaying creature takes its turn now, or a readied action fires now. */
  | { kind: 'act-now'; creature: string }
  /** A creature already on the map joins the initiative with a score. */
  | { kind: 'join-initiative'; creature: string; score: number }
  /** A creature leaves the initiative (it stays on the map). */
  | { kind: 'leave-initiative'; creature: string }
  /** A named effect on a creature for some rounds, ending at the start or the end of a named creature's turn; a `condition` is set with it and cleared when it ends. */
  | { kind: 'effect'; on: string; name: string; rounds: number; ends: TurnEdge; turnOf: string; condition?: string }
  /** An effect the GM enters that fires at every round's end (damage, dice or a number, and/or a condition set), `rounds` times or until ended. */
  | { kind: 'round-end-effect'; on: string; name: string; damage?: string; nonlethal?: boolean; condition?: string; rounds?: number }
  /** The GM ends an effect early. */
  | { kind: 'end-effect'; effect: string };

/** Why a creature moves when it is not its turn. */
export type OutOfTurn = 'correction' | 'reaction';

/** The start or the end of a creature's turn, where an effect ends. */
export type TurnEdge = 'start' | 'end';

/** What a creature in the initiative waits to do: it delayed, or readied an action for a trigger. */
export type Waiting = { how: 'delay' } | { how: 'ready'; trigger: string };

/**
 * An effect in play (`effects.ts`). `id` is `effect-<log index>`, stable across replays. A `duration`
 * effect ends at the `edge` of `turnOf`'s turn in round `round` (or the first such edge after it); a
 * `round-end` effect fires at every round's end, `left` more times (null: until the GM ends it).
 */
export type PlayEffect =
  | { id: string; kind: 'duration'; name: string; on: string; edge: TurnEdge; turnOf: string; round: number; condition: string | null }
  | { id: string; kind: 'round-end'; name: string; on: string; damage: string | null; nonlethal: boolean; condition: string | null; left: number | null };

export type PlayActionKind = PlayAction['kind'];

/** A play session: saved with the encounter, apart from the planned layout it starts from. */
export interface PlaySession {
  /** Seeds every die rolled in play, so a replay rolls the same. */
  seed: number;
  log: PlayAction[];
  /** How many log entries are in effect: undo moves it back, redo forward; a new action cuts the rest. */
  cursor: number;
  /**
   * The dice stream each action rolls from, by position in the log (absent: its position). Undoing an
   * earlier entry keeps the later actions' streams, so what they rolled at the table stays rolled.
   */
  streams?: number[];
  /** Lines of play set aside when an earlier entry was undone, oldest first: the GM can go back to one. */
  branches?: PlayBranch[];
  /**
   * The edition of Play's rules the fight is played by (`CURRENT_RULES_VERSION` for a new session), kept
   * for the session's life so a saved fight replays as it was played. Absent: 1, a session from before
   * the field (docs/play.md › Rules versions).
   */
  rulesVersion?: number;
}

/** A line of play set aside ("a branch in the log"): the whole log as it was, to go back to. */
export interface PlayBranch {
  log: PlayAction[];
  streams?: number[];
  cursor: number;
  /** Position of the first entry where this line and the one in play part (the entry undone). */
  at: number;
  /** Why it was set aside, in words. */
  note: string;
  /** The later entries of this line (positions in it) that did not apply once the entry was undone, and why. */
  left: { index: number; reason: string }[];
}

export interface DiceRoll {
  /** What was rolled for, in words. */
  what: string;
  /** The expression, `3d6` or `1d20+2`. */
  dice: string;
  /** Each die's face. */
  rolls: number[];
  /** Positions in `rolls` of the dice a keep (`4d6kh3`) left out of the total; absent when none. */
  dropped?: number[];
  total: number;
}

export interface InitiativeEntry {
  creature: string;
  name: string;
  score: number;
  /** Set when rolled: the die's face and the modifier. */
  roll?: number;
  modifier?: number;
  /** A delay or a readied action not yet taken (turn control). */
  waiting?: Waiting;
}

/** An attack of opportunity a move provoked, waiting for the GM's hit or miss. */
export interface PendingAttack {
  /** `<log index>:<n>` — stable across replays. */
  id: string;
  attacker: string;
  attackerName: string;
  target: string;
  targetName: string;
  /** Where the target was when it provoked. */
  at: Square;
  status: 'open' | 'hit' | 'miss';
  damage?: number;
  rule: RuleCite;
}

/**
 * A creature's attack profile (the `attack-profile` action), kept for the next attack: `attack` and
 * `damage` are the creature's own rolls when it attacks; `against` is its defence, the total an attack
 * on it must reach to hit.
 */
export interface AttackProfile {
  attack?: string;
  damage?: string;
  against?: number;
}

/** A simple tracker: damage taken in play, kept apart from the designed encounter (see `health.ts`). */
export interface Health {
  /** The maximum hit points the GM entered, or null when unknown. */
  hitPoints: number | null;
  /** Lethal damage taken (hit points left = hitPoints - damage). */
  damage: number;
  nonlethal: number;
  /** Temporary hit points left: they take damage first. */
  temporary: number;
}

/** What the current creature has done this turn. */
export interface TurnState {
  creature: string | null;
  /** Move actions used (a double move or a run uses the turn's whole movement). */
  moveActions: number;
  /** A full-round or whole-turn movement was taken (run, double move, withdraw, minimum movement). */
  fullRound: boolean;
  /** A 5-foot step / shift was taken (in d20 and Epic Path, no other movement that round). */
  stepped: boolean;
  /** Moved any distance through its own actions. */
  moved: boolean;
  /** Movement spent this turn, in `unit`. */
  spent: number;
  unit: 'ft' | 'squares' | 'mr';
  /** d20 1-2-1: 1 when the next diagonal costs 2 (carried across the turn's moves). */
  parity: 0 | 1;
}

/** One log entry as the reader sees it: who, what, where, the dice, the damage, the rule. */
export interface LogEntry {
  /** Position of the action in the session's log. */
  index: number;
  kind: PlayActionKind;
  round: number;
  actor: string | null;
  actorName: string | null;
  /** The whole entry in plain words. */
  text: string;
  rules: RuleCite[];
  squares: Square[];
  dice: DiceRoll[];
  damage: { lethal: number; nonlethal: number } | null;
  /** Conditions gained (`prone`, or a `condition` action's id) or lost (`standing`, `not fatigued`). */
  conditions: string[];
  /** Ids of the pending attacks this entry raised. */
  pending: string[];
  /** Fall damage as a distribution, for a chart: [total, probability]. */
  distribution?: [number, number][];
  /** Set when a saved action could not be replayed (a hand-edited file): why, and nothing changed. */
  refused?: string;
}

/** The board and the turn at one moment of play, derived from the log (never stored). */
export interface PlayState {
  /** The encounter as it stands now: the planned map with the creatures where play has put them. */
  board: Encounter;
  /** 0 before initiative, then 1, 2, … */
  round: number;
  order: InitiativeEntry[];
  /** Index in `order` of the creature whose turn it is, or -1 before initiative. */
  turnIndex: number;
  current: string | null;
  turn: TurnState;
  /** By creature id (issue 17 › 8: per-creature state in a Map, never a plain object). */
  health: Map<string, Health>;
  pending: PendingAttack[];
  entries: LogEntry[];
  /** Groups of creatures tied on initiative after the text's tie-break: the GM may reorder them. */
  ties: string[][];
  /**
   * d20 3.0 flyers that stalled and are still in the air, with how far they have fallen so far: each
   * must spend its next turn on a DC 20 Reflex save (the `stall-save` action).
   */
  stalled: Record<string, { fallen: number }>;
  /** Area templates on the board, oldest first, until an action clears them. */
  areas: PlacedArea[];
  /** Attack profiles by creature id; a profile is replaced, never changed in place (copies share them). */
  attackProfiles: Map<string, AttackProfile>;
  /**
   * Conditions by creature id that are not board flags (fatigued, stunned, …; see `conditions.ts`):
   * prone, helpless, dead and blinded stay on the board's creature, where the engine reads them.
   */
  conditions: Map<string, string[]>;
  /** Effects in play, in the order they were added (turn control, `effects.ts`). */
  effects: PlayEffect[];
  /** The edition of Play's rules this fight follows (its session's `rulesVersion`). */
  rulesVersion: number;
  /**
   * By creature id: its own movement in the latest round it moved (on its turn or out of turn), where
   * its text limits the 5-foot step by the round (`turns.ts › roundRefusal`; rules edition 2). Shared
   * between states: replaced when it changes, never changed in place.
   */
  roundMovement: Map<string, RoundMovement>;
}

/** A creature's own movement in one round: that it moved, whether by a 5-foot step, whether out of turn. */
export interface RoundMovement {
  round: number;
  stepped: boolean;
  /** Some of it was out of turn (a reaction): said when it refuses a later move. */
  outOfTurn: boolean;
}

/** An area template on the board, with what it covered when it was placed. */
export interface PlacedArea {
  /** The placing entry's number in the log, from 1 as the log prints it (as text): what `clear-area` names. */
  id: string;
  /** The GM's name for it ("Fireball"), or the shape and size. */
  label: string;
  template: AreaTemplate;
  covers: AreaAnswer;
  round: number;
}

/** Why the model refuses an action, with where when a square is to blame. */
export class PlayRefused extends Error {
  constructor(
    message: string,
    readonly at: Square | null = null,
    readonly rule: RuleCite | null = null,
  ) {
    super(message);
  }
}

export type PlayResult =
  | { ok: true; session: PlaySession; state: PlayState; entry: LogEntry }
  | { ok: false; reason: string; at: Square | null; rule: RuleCite | null };
