/**
 * The undo history as a list of document states (spec section 9: 20 steps). One state per user
 * action — its recorder (./history-recorder.ts) decides when an action ends —, the present one
 * apart: 撤销 moves back one state, 重做 forward one, so they are exact inverses; recording
 * after an undo drops the states ahead. Pure: no Editor.js, no timers.
 */

/** A kept state; boxed so that an empty stack is told apart from a state that is `undefined`. */
interface Kept<T> {
  state: T;
}

export class EditHistory<T> {
  private current: T;
  /** The states before the present one, oldest first. */
  private past: Kept<T>[] = [];
  /** The states after the present one, the next to redo last. */
  private future: Kept<T>[] = [];

  /**
   * @param steps how many actions can be undone (the oldest state goes beyond that)
   * @param same  whether two states show the same document (recording one is no action)
   */
  constructor(
    initial: T,
    private readonly steps: number,
    private readonly same: (a: T, b: T) => boolean,
  ) {
    this.current = initial;
  }

  get present(): T {
    return this.current;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** The document after a user action; false when it shows what the present state shows. */
  record(state: T): boolean {
    if (this.same(this.current, state)) return false;
    this.past.push({ state: this.current });
    if (this.past.length > this.steps) this.past.splice(0, this.past.length - this.steps);
    this.future = [];
    this.current = state;
    return true;
  }

  /** The present state as the editor shows it after putting it back (same document, new form). */
  replacePresent(state: T): void {
    this.current = state;
  }

  /** The state to show after 撤销, if any. */
  undo(): T | undefined {
    const previous = this.past.pop();
    if (!previous) return undefined;
    this.future.push({ state: this.current });
    this.current = previous.state;
    return this.current;
  }

  /** The state to show after 重做, if any. */
  redo(): T | undefined {
    const next = this.future.pop();
    if (!next) return undefined;
    this.past.push({ state: this.current });
    this.current = next.state;
    return this.current;
  }

  /** A new start (a value loaded from outside): nothing to undo or redo. */
  restart(state: T): void {
    this.current = state;
    this.past = [];
    this.future = [];
  }
}
