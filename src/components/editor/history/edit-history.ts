/**
 * The undo history as a list of document states (spec section 9: 20 steps). One state per user
 * action — its recorder (./history-recorder.ts) decides when an action ends —, the present one
 * marked: 撤销 moves back one state, 重做 forward one, so they are exact inverses; recording
 * after an undo drops the states ahead. Pure: no Editor.js, no timers.
 */
export class EditHistory<T> {
  private states: T[];
  private at = 0;

  /**
   * @param steps how many actions can be undone (the oldest state goes beyond that)
   * @param same  whether two states show the same document (recording one is no action)
   */
  constructor(
    initial: T,
    private readonly steps: number,
    private readonly same: (a: T, b: T) => boolean,
  ) {
    this.states = [initial];
  }

  get present(): T {
    // `at` always indexes `states` (never empty).
    return this.states[this.at] as T;
  }

  get canUndo(): boolean {
    return this.at > 0;
  }

  get canRedo(): boolean {
    return this.at < this.states.length - 1;
  }

  /** The document after a user action; false when it shows what the present state shows. */
  record(state: T): boolean {
    if (this.same(this.present, state)) return false;
    this.states = [...this.states.slice(0, this.at + 1), state].slice(-(this.steps + 1));
    this.at = this.states.length - 1;
    return true;
  }

  /** The present state as the editor shows it after putting it back (same document, new form). */
  replacePresent(state: T): void {
    this.states[this.at] = state;
  }

  /** The state to show after 撤销, if any. */
  undo(): T | undefined {
    if (!this.canUndo) return undefined;
    this.at -= 1;
    return this.present;
  }

  /** The state to show after 重做, if any. */
  redo(): T | undefined {
    if (!this.canRedo) return undefined;
    this.at += 1;
    return this.present;
  }

  /** A new start (a value loaded from outside): nothing to undo or redo. */
  restart(state: T): void {
    this.states = [state];
    this.at = 0;
  }
}
