import type { Encounter } from '../model';
import { applyCommand, describeCommand, type Command } from './commands';

interface Entry {
  /** What redoes the step. */
  forward: Command;
  /** What undoes the step. */
  inverse: Command;
}

/**
 * Undo and redo over commands. Pure bookkeeping: the caller owns the document and passes it in,
 * and gets the new one back.
 */
export class History {
  private past: Entry[] = [];
  private future: Entry[] = [];

  constructor(private readonly limit = 500) {}

  execute(doc: Encounter, cmd: Command): Encounter {
    const applied = applyCommand(doc, cmd);
    this.past.push({ forward: cmd, inverse: applied.inverse });
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    return applied.doc;
  }

  undo(doc: Encounter): Encounter {
    const entry = this.past.pop();
    if (!entry) return doc;
    const applied = applyCommand(doc, entry.inverse);
    this.future.push(entry);
    return applied.doc;
  }

  redo(doc: Encounter): Encounter {
    const entry = this.future.pop();
    if (!entry) return doc;
    const applied = applyCommand(doc, entry.forward);
    this.past.push(entry);
    return applied.doc;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }
  get canRedo(): boolean {
    return this.future.length > 0;
  }
  get undoLabel(): string | null {
    const e = this.past[this.past.length - 1];
    return e ? describeCommand(e.forward) : null;
  }
  /** The command the next undo would take back, for callers that ask before undoing some kinds. */
  get nextUndo(): Command | null {
    return this.past[this.past.length - 1]?.forward ?? null;
  }
  get redoLabel(): string | null {
    const e = this.future[this.future.length - 1];
    return e ? describeCommand(e.forward) : null;
  }
  /**
   * Identifies the current state of the stack: compare with the marker taken at save time to know
   * whether the document has unsaved changes (undoing back to the saved state makes it clean).
   */
  get marker(): object | null {
    return this.past[this.past.length - 1] ?? null;
  }
  clear(): void {
    this.past = [];
    this.future = [];
  }
}
