import {
  BYTE_LAYERS,
  LAYER_NAMES,
  type Creature,
  type Encounter,
  type LayerName,
  type SavedPlaySession,
  type RulesetSettings,
} from '../model';

/**
 * Every edit to an encounter is one of these plain, serialisable objects, so undo, redo, autosave
 * and replay all come from `applyCommand`. A drag is gathered into one `batch`.
 */
export type Command =
  | { type: 'renameEncounter'; name: string }
  | { type: 'setNotes'; notes: string }
  | { type: 'setSettings'; settings: RulesetSettings }
  /** Paint values into one layer. `values` has one entry per index, or one for all of them. */
  | { type: 'setSquares'; layer: LayerName; indices: number[]; values: number[] }
  | { type: 'addCreature'; creature: Creature; at?: number }
  | { type: 'removeCreature'; id: string }
  | { type: 'updateCreature'; id: string; changes: Partial<Omit<Creature, 'id'>> }
  | { type: 'batch'; label: string; commands: Command[] }
  /** Play mode: the session saved beside the planned layout (null: none). The layout is untouched. */
  | { type: 'setPlay'; play: SavedPlaySession | null };

export interface Applied {
  doc: Encounter;
  /** The command that undoes this one. */
  inverse: Command;
}

export class CommandError extends Error {}

/** A short phrase for menus ("Undo paint terrain"). */
export function describeCommand(cmd: Command): string {
  switch (cmd.type) {
    case 'renameEncounter':
      return 'rename';
    case 'setNotes':
      return 'edit notes';
    case 'setSettings':
      return 'change settings';
    case 'setSquares':
      return `paint ${cmd.layer === 'edgeEast' || cmd.layer === 'edgeSouth' ? 'edges' : cmd.layer}`;
    case 'addCreature':
      return `add ${cmd.creature.name}`;
    case 'removeCreature':
      return 'remove creature';
    case 'updateCreature':
      return 'edit creature';
    case 'batch':
      return cmd.label;
    case 'setPlay':
      return cmd.play ? 'play' : 'reset play';
  }
}

/**
 * Applies a command without changing `doc`: the result shares every part the command did not
 * touch. Throws `CommandError` for a command that does not fit the encounter.
 */
export function applyCommand(doc: Encounter, cmd: Command): Applied {
  switch (cmd.type) {
    case 'renameEncounter':
      return { doc: { ...doc, name: cmd.name }, inverse: { type: 'renameEncounter', name: doc.name } };
    case 'setNotes':
      return { doc: { ...doc, notes: cmd.notes }, inverse: { type: 'setNotes', notes: doc.notes } };
    case 'setSettings':
      return { doc: { ...doc, settings: { ...cmd.settings } }, inverse: { type: 'setSettings', settings: { ...doc.settings } } };
    case 'setSquares': {
      if (!LAYER_NAMES.includes(cmd.layer)) throw new CommandError(`No map layer called ${cmd.layer}.`);
      if (cmd.values.length !== 1 && cmd.values.length !== cmd.indices.length) {
        throw new CommandError('setSquares needs one value, or one per square.');
      }
      const old = doc.map[cmd.layer];
      const n = old.length;
      const layer = old.slice();
      const previous: number[] = new Array(cmd.indices.length);
      const byte = BYTE_LAYERS.has(cmd.layer);
      for (let k = 0; k < cmd.indices.length; k++) {
        const i = cmd.indices[k]!;
        if (!Number.isInteger(i) || i < 0 || i >= n) throw new CommandError(`Square ${i} is not on the map.`);
        const v = cmd.values.length === 1 ? cmd.values[0]! : cmd.values[k]!;
        if (byte && (!Number.isInteger(v) || v < 0 || v > 255)) throw new CommandError(`${v} is not a value for ${cmd.layer}.`);
        previous[k] = layer[i]!;
        layer[i] = v;
      }
      return {
        doc: { ...doc, map: { ...doc.map, [cmd.layer]: layer } },
        inverse: { type: 'setSquares', layer: cmd.layer, indices: cmd.indices.slice(), values: previous },
      };
    }
    case 'addCreature': {
      if (doc.creatures.some((c) => c.id === cmd.creature.id)) {
        throw new CommandError(`A creature with id ${cmd.creature.id} is already on the map.`);
      }
      const creatures = doc.creatures.slice();
      creatures.splice(cmd.at ?? creatures.length, 0, cmd.creature);
      return { doc: { ...doc, creatures }, inverse: { type: 'removeCreature', id: cmd.creature.id } };
    }
    case 'removeCreature': {
      const at = doc.creatures.findIndex((c) => c.id === cmd.id);
      if (at < 0) throw new CommandError(`No creature with id ${cmd.id}.`);
      const creatures = doc.creatures.slice();
      const [removed] = creatures.splice(at, 1);
      return { doc: { ...doc, creatures }, inverse: { type: 'addCreature', creature: removed!, at } };
    }
    case 'updateCreature': {
      const at = doc.creatures.findIndex((c) => c.id === cmd.id);
      if (at < 0) throw new CommandError(`No creature with id ${cmd.id}.`);
      const before = doc.creatures[at]!;
      const undo: Partial<Creature> = {};
      for (const key of Object.keys(cmd.changes) as (keyof Creature)[]) {
        (undo as Record<string, unknown>)[key] = before[key];
      }
      const creatures = doc.creatures.slice();
      creatures[at] = { ...before, ...cmd.changes };
      return { doc: { ...doc, creatures }, inverse: { type: 'updateCreature', id: cmd.id, changes: undo } };
    }
    case 'batch': {
      let current = doc;
      const inverses: Command[] = [];
      for (const sub of cmd.commands) {
        const applied = applyCommand(current, sub);
        current = applied.doc;
        inverses.push(applied.inverse);
      }
      return { doc: current, inverse: { type: 'batch', label: cmd.label, commands: inverses.reverse() } };
    }
    case 'setPlay': {
      const before = doc.play ? (JSON.parse(JSON.stringify(doc.play)) as SavedPlaySession) : null;
      const next: Encounter = { ...doc };
      if (cmd.play) next.play = JSON.parse(JSON.stringify(cmd.play)) as SavedPlaySession;
      else delete next.play;
      return { doc: next, inverse: { type: 'setPlay', play: before } };
    }
  }
}
