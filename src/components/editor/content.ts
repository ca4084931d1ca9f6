/**
 * Where the editor's content lives and how it reaches the form. Editor.js reports changes late
 * and saves asynchronously, so the blocks' HTML is handed over after a short calm
 * (`scheduleEmit`) or at once when someone waits (`emitNow`: a submit, the preview). While the
 * source view is open the content lives in its text instead, and every hand-over reads it from
 * there — through the sanitiser and the codec (`storedHtmlOf`), as everything the editor saves —
 * so a submit, the draft and the form's unsaved-input question see a source edit as they see
 * typing in the blocks. Plain state, no React: the hooks drive it, tests give it a fake instance.
 */
import { blocksToHtml, htmlToBlocks, storedHtmlOf } from './html';
import type { EditorBlock, EditorDocument } from './model/blocks';

/** Editor.js fires onChange per mutation batch; the HTML is rebuilt after a short calm. */
export const EMIT_DELAY_MS = 120;

/** What the content needs of the Editor.js instance. */
export interface BlocksPort {
  /** Resolves once the instance can save and render. */
  ready: Promise<void>;
  /** Read-only (created for a disabled form) cannot save: the form's value is current. */
  isReadOnly(): boolean;
  save(): Promise<EditorDocument>;
  /** `fresh`: a value from outside, where the undo history starts again. */
  render(blocks: EditorBlock[], fresh?: boolean): Promise<void>;
}

/** Told what happens to the content (the drafts and the source view listen). */
export interface ContentListener {
  /** HTML was handed to the form. */
  emitted?: (html: string) => void;
  /** HTML from outside the editing (a loaded value, a restored draft) is shown now. */
  shown?: (html: string) => void;
}

export function toBlocks(html: string): EditorBlock[] {
  if (!html || !html.trim()) return [];
  return htmlToBlocks(html).blocks;
}

export class EditorContent {
  private port: BlocksPort | undefined;
  private last: string;
  private source: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A change not handed over yet (kept past `stop`, for the draft at unmount). */
  private pending = false;
  private handOver: (html: string) => void = () => undefined;
  private readonly listeners = new Set<ContentListener>();

  constructor(initialHtml: string) {
    this.last = initialHtml;
  }

  /** The HTML the form holds: the last one handed over or set from outside. */
  get html(): string {
    return this.last;
  }

  /** The source view's text while the content lives there; undefined while the blocks hold it. */
  get sourceText(): string | undefined {
    return this.source;
  }

  get attached(): boolean {
    return this.port !== undefined;
  }

  /** The form's onChange of the latest render. */
  setHandOver(handOver: (html: string) => void): void {
    this.handOver = handOver;
  }

  attach(port: BlocksPort): void {
    this.port = port;
  }

  detach(port: BlocksPort): void {
    if (this.port === port) this.port = undefined;
  }

  subscribe(listener: ContentListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Hands HTML to the form (and the listeners) when it differs from what the form holds. */
  emitHtml(html: string): string {
    if (html !== this.last) {
      this.last = html;
      this.handOver(html);
      for (const listener of this.listeners) listener.emitted?.(html);
    }
    return html;
  }

  /** Hands the content over now: the source's text, or the blocks as Editor.js saves them. */
  async emitNow(): Promise<string | undefined> {
    if (this.source !== undefined) return this.emitSource(this.source);
    this.cancelEmit();
    const port = this.port;
    if (!port) return undefined;
    await port.ready;
    if (port.isReadOnly()) return this.last;
    const doc = await port.save();
    // The source view may have opened meanwhile: its text is the content then, not these blocks.
    if (this.source !== undefined) return this.emitSource(this.source);
    return this.emitHtml(blocksToHtml(doc));
  }

  scheduleEmit(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.pending = true;
    this.timer = setTimeout(() => void this.emitNow(), EMIT_DELAY_MS);
  }

  cancelEmit(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = false;
  }

  /** The editor goes away: nothing is handed over any more, a pending source edit stays readable. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A source edit not handed over yet, as it would be stored (the draft keeps it at unmount). */
  pendingSourceHtml(): string | undefined {
    return this.pending && this.source !== undefined ? storedHtmlOf(this.source) : undefined;
  }

  /**
   * The browser saw an edit in the blocks (a key typed, a paste): a change is waiting from now
   * on, although Editor.js reports it only after its batching; its report schedules the emit.
   */
  noteEdit(): void {
    this.pending = true;
  }

  /**
   * Hands a waiting change over now, the user may be leaving (Escape, the focus leaving the
   * blocks): Editor.js saves in promise steps only, so the form holds it before the next event
   * listener runs. Nothing waiting, nothing saved: a loaded value's blocks need not give back
   * the same string, and merely looking is no unsaved input.
   */
  handOverPending(): void {
    if (this.pending) void this.emitNow();
  }

  /** Hands a waiting source edit over at once, synchronously (blur, Escape, page hide). */
  flushSource(): void {
    if (this.pending && this.source !== undefined) this.emitSource(this.source);
  }

  /** The source view opens on `html`: the content lives in its text from now on. */
  enterSource(html: string): void {
    this.source = html;
  }

  /** The source's text changed: handed over after the same calm as typing in the blocks. */
  editSource(text: string): void {
    this.source = text;
    this.scheduleEmit();
  }

  /** The source's text becomes `text` and is handed over now (a submit in source view). */
  handOverSource(text: string): string {
    this.source = text;
    return this.emitSource(text);
  }

  /** The blocks hold the content again (once they have been rendered from the source). */
  leaveSource(): void {
    this.source = undefined;
  }

  /** Shows HTML in the blocks only (leaving the source view renders its text so). */
  async renderBlocks(html: string, fresh = false): Promise<void> {
    await this.port?.render(toBlocks(html), fresh);
  }

  /**
   * Shows HTML as the content — in the blocks, and in the source view while it is open — and
   * hands it over when asked (a restored draft, a template, captured images; not a value that
   * came from the form, which starts the undo history again: `fresh`).
   */
  async show(html: string, handOver: boolean, fresh = false): Promise<void> {
    if (this.source !== undefined) {
      this.cancelEmit();
      this.source = html;
    }
    await this.renderBlocks(html, fresh);
    for (const listener of this.listeners) listener.shown?.(html);
    if (handOver) await this.emitNow();
  }

  /** A value set from outside (form reset, record loaded later) replaces the content. */
  replace(html: string): Promise<void> {
    this.last = html;
    return this.show(html, false, true);
  }

  private emitSource(text: string): string {
    this.cancelEmit();
    return this.emitHtml(storedHtmlOf(text));
  }
}
