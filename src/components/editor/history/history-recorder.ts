/**
 * When a user action ends, so that the undo history (./edit-history.ts) holds one state per
 * action (spec section 9: 20 steps, 20 inputs before a forced save):
 * - typing is one action per burst: it ends after a pause, after 20 inputs, or when something
 *   else starts;
 * - a pointer press (a toolbar button, a dialog's 确认, the hint popup, the table bar), a paste or
 *   a Ctrl/⌘ key starts a new action, so what came before is recorded first; the action's own
 *   change is recorded after the pause, or at the next start, whichever comes first.
 * A state is recorded only when it differs from the present one, so the changes Editor.js reports
 * for a state put back by 撤销/重做 are no action. States are read from Editor.js's save, which
 * reads every block at once when called: a start recorded on pointerdown or keydown holds the
 * document before the click or key changes it.
 */
import { EDITOR_LIMITS } from '../model/blocks';
import { EditHistory } from './edit-history';

/** A typing burst ends after this pause. */
export const TYPING_PAUSE_MS = 500;
/** Spec section 9: 20 inputs before a forced save. */
export const INPUTS_PER_STEP = 20;

/** A block as Editor.js saves and renders it. */
export interface HistoryBlock {
  id?: string;
  type: string;
  data: unknown;
  tunes?: unknown;
}

/** What the recorder needs of the Editor.js instance. */
export interface HistoryPort<B extends HistoryBlock> {
  save(): Promise<readonly B[]>;
  render(blocks: readonly B[]): Promise<void>;
  /** Read-only (a disabled form): nothing is recorded. */
  isReadOnly(): boolean;
  /** Puts the caret at the end of a block (where 撤销/重做 changed the document). */
  focus(index: number): void;
  /**
   * Keeps the keyboard in the editor while its blocks are replaced: the focused block is about to
   * go, and a Ctrl+Y pressed before the caret is back would land on the page and be lost.
   */
  holdKeys(): void;
}

interface Snapshot<B extends HistoryBlock> {
  blocks: readonly B[];
  /** The document without block ids (a rendered state gets the ids it had, or new ones). */
  key: string;
}

/**
 * A copy: Editor.js hands out a block's own tunes object on every save and fills it again on the
 * next one, so a kept state would take the alignment set after it.
 */
function snapshot<B extends HistoryBlock>(saved: readonly B[]): Snapshot<B> {
  const blocks = structuredClone(saved);
  const key = JSON.stringify(blocks.map(({ type, data, tunes }) => ({ type, data, tunes })));
  return { blocks, key };
}

/** The first block that differs between two states (in the second), or its last block. */
function changedBlock(from: readonly HistoryBlock[], to: readonly HistoryBlock[]): number {
  const text = (block: HistoryBlock | undefined) =>
    block && JSON.stringify([block.type, block.data, block.tunes]);
  const at = to.findIndex((block, i) => text(block) !== text(from[i]));
  return at >= 0 ? at : Math.max(0, to.length - 1);
}

export class HistoryRecorder<B extends HistoryBlock = HistoryBlock> {
  private history: EditHistory<Snapshot<B>> | undefined;
  /** Saves and renders one after another (a click's start is recorded before its 撤销 runs). */
  private queue: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inputs = 0;
  private typing = false;
  /** Jobs queued that put a document in the editor (start, 撤销, 重做), not run yet. */
  private replacing = 0;

  constructor(
    private readonly port: HistoryPort<B>,
    private readonly steps: number = EDITOR_LIMITS.undoSteps,
  ) {}

  /** Starts (or starts again: a value loaded from outside) from what the editor shows. */
  start(): Promise<void> {
    return this.replacingJob(async () => {
      const state = snapshot(await this.port.save());
      if (this.history) this.history.restart(state);
      else this.history = new EditHistory(state, this.steps, (a, b) => a.key === b.key);
    });
  }

  get canUndo(): boolean {
    return this.history?.canUndo ?? false;
  }

  get canRedo(): boolean {
    return this.history?.canRedo ?? false;
  }

  /** Editor.js reported a change: recorded once the action pauses. */
  changed(): void {
    this.clearTimer();
    this.timer = setTimeout(() => void this.checkpoint(), TYPING_PAUSE_MS);
  }

  /** A key about to change the text: a burst that starts here follows what came before. */
  keyDown(): void {
    if (this.typing) return;
    void this.checkpoint();
    this.typing = true;
  }

  /** A typed input: every 20 inputs are a step of their own. */
  input(): void {
    this.inputs += 1;
    if (this.inputs >= INPUTS_PER_STEP) void this.checkpoint();
  }

  /** Records the action so far now (it ends here). */
  checkpoint(): Promise<void> {
    this.clearTimer();
    this.inputs = 0;
    this.typing = false;
    // The document is read now, not when the jobs ahead are done: on a busy machine they finish
    // after the click that called this has changed it, and its action would merge with the last.
    // Only while a document is being put in does the read wait its turn (it would read half of it).
    const early =
      this.history && this.replacing === 0 && !this.port.isReadOnly()
        ? this.port.save()
        : undefined;
    // Awaited by the job below; marked handled now so a refusal is no unhandled rejection meanwhile.
    early?.catch(() => undefined);
    return this.enqueue(() => this.record(early));
  }

  /** 撤销: the state before the last action, shown. False when there is none. */
  undo(): Promise<boolean> {
    void this.checkpoint();
    return this.replacingJob(() => this.move((history) => history.undo()));
  }

  /** 重做: the state the last 撤销 left, shown again. False when there is none. */
  redo(): Promise<boolean> {
    void this.checkpoint();
    return this.replacingJob(() => this.move((history) => history.redo()));
  }

  /** Nothing is recorded any more (the editor goes away). */
  stop(): void {
    this.clearTimer();
    this.history = undefined;
  }

  /** @param early the document as read when the action ended (else it is read now) */
  private async record(early?: Promise<readonly B[]>): Promise<void> {
    if (!this.history || this.port.isReadOnly()) return;
    const blocks = await (early ?? this.port.save());
    // Editor.js shows at least one block: an empty save is a document being replaced.
    if (blocks.length) this.history?.record(snapshot(blocks));
  }

  private async move(
    step: (history: EditHistory<Snapshot<B>>) => Snapshot<B> | undefined,
  ): Promise<boolean> {
    const history = this.history;
    if (!history) return false;
    const from = history.present;
    const to = step(history);
    if (!to) return false;
    this.port.holdKeys();
    await this.port.render(to.blocks);
    // The state as the editor shows it now (ids and defaults may differ): later saves compare
    // with this, so the changes reported for this render are no action.
    const shown = snapshot(await this.port.save());
    this.history?.replacePresent(shown);
    this.clearTimer();
    // The caret goes where the document changed: the focus was in blocks that are gone, and
    // Ctrl+Z counts only in the editing frame.
    this.port.focus(changedBlock(from.blocks, to.blocks));
    return true;
  }

  private replacingJob<T>(job: () => Promise<T>): Promise<T> {
    this.replacing += 1;
    return this.enqueue(async () => {
      try {
        return await job();
      } finally {
        this.replacing -= 1;
      }
    });
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * The user's gestures the recorder needs, on the editor's frame (keys, typing, paste; capture
 * phase, before Editor.js acts) and the page (pointer presses: the toolbar, dialogs and popups).
 * Returns the uninstaller.
 */
export function listenForActions<B extends HistoryBlock>(
  recorder: HistoryRecorder<B>,
  frame: HTMLElement,
): () => void {
  const onPointer = () => void recorder.checkpoint();
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) void recorder.checkpoint();
    else recorder.keyDown();
  };
  const onInput = () => recorder.input();
  const onPaste = () => void recorder.checkpoint();
  document.addEventListener('pointerdown', onPointer, true);
  frame.addEventListener('keydown', onKey, true);
  frame.addEventListener('input', onInput, true);
  frame.addEventListener('paste', onPaste, true);
  frame.addEventListener('drop', onPaste, true);
  return () => {
    document.removeEventListener('pointerdown', onPointer, true);
    frame.removeEventListener('keydown', onKey, true);
    frame.removeEventListener('input', onInput, true);
    frame.removeEventListener('paste', onPaste, true);
    frame.removeEventListener('drop', onPaste, true);
  };
}
