/**
 * What the toolbar, the dialogs, paste and the hint popup do to the blocks and the text: insert
 * blocks after the one holding the selection, turn it into a list or a heading, set its tunes,
 * run an inline command on the kept selection. Each change is handed over through the content
 * after the usual calm. Plain state, no React: the instance hook attaches Editor.js to it.
 */
import type { EditorContent } from './content';
import { SelectionKeeper, escapeHtml, insertInlineHtml } from './dom-commands';
import type { EditorHandle } from './instance';
import type { BlockSpacing, BlockTunes, EditorBlock, TextAlignment } from './model/blocks';
import type { ImageTool } from './tools/media-tools';
import { AlignmentTune, SpacingTune } from './tools/tunes';
import { isRecord } from '@/core/guards';

export type SpacingKind = keyof BlockSpacing;

/** Pasted blocks inserted per task (a slice of 250 paragraphs takes ~0.1 s in Chromium). */
const PASTE_SLICE = 250;

/** Resolves in a later task: what the browser queued meanwhile (input, painting) runs first. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Editor.js's inserts take no tunes: a template's or a pasted page's alignment and spacing are
 * set on the new block's tunes (created with the block, so already there).
 */
function setTunes(handle: EditorHandle, id: string, tunes: BlockTunes | undefined): void {
  const { alignment, spacing } = tunes ?? {};
  const align = handle.tunes.get(`align:${id}`);
  if (alignment && align instanceof AlignmentTune) align.set(alignment.alignment);
  const space = handle.tunes.get(`spacing:${id}`);
  if (spacing && space instanceof SpacingTune)
    for (const key of ['marginTop', 'marginBottom', 'lineHeight'] as const)
      if (spacing[key] !== undefined) space.set(key, spacing[key]);
}

/** A block's alignment and spacing as its tunes hold them now. */
function tunesOf(handle: EditorHandle, id: string): BlockTunes {
  const align = handle.tunes.get(`align:${id}`);
  const space = handle.tunes.get(`spacing:${id}`);
  return {
    alignment: align instanceof AlignmentTune ? align.save() : undefined,
    spacing: space instanceof SpacingTune ? space.save() : undefined,
  };
}

export class EditorOps {
  private handle: EditorHandle | undefined;
  private keeper: SelectionKeeper | undefined;

  constructor(private readonly content: EditorContent) {}

  attach(handle: EditorHandle, keeper: SelectionKeeper): void {
    this.handle = handle;
    this.keeper = keeper;
  }

  detach(handle: EditorHandle): void {
    if (this.handle !== handle) return;
    this.handle = undefined;
    this.keeper = undefined;
  }

  /** An instance created read-only (for a disabled form) is switched to editing. */
  enableEditing(): void {
    const editor = this.handle?.editor;
    if (editor?.readOnly.isEnabled) void editor.readOnly.toggle(false);
  }

  /** The id of the block the kept selection is in. */
  currentBlockId(): string | undefined {
    const el = this.keeper?.anchorElement();
    return el?.closest<HTMLElement>('.ce-block')?.dataset.id;
  }

  /** Runs `run` on the kept selection, put back first (a toolbar button had the focus). */
  withRange(run: (range: Range) => void): void {
    const range = this.keeper?.restore();
    if (range) run(range);
  }

  /** The kept selection, put back (the link dialog starts from it). */
  restoreRange(): Range | undefined {
    return this.keeper?.restore();
  }

  /** Inserts blocks after the current one (at the end without a selection). */
  async insertBlocks(blocks: EditorBlock[]): Promise<void> {
    const handle = this.handle;
    if (!handle || blocks.length === 0) return;
    await handle.ready;
    const api = handle.editor.blocks;
    const currentId = this.currentBlockId();
    let index = currentId ? api.getBlockIndex(currentId) + 1 : api.getBlocksCount();
    for (const block of blocks) {
      const inserted = api.insert(block.type, block.data, undefined, index, true);
      setTunes(handle, inserted.id, block.tunes);
      index += 1;
    }
    this.content.scheduleEmit();
  }

  /**
   * Inserts a pasted page's blocks after the current one, in slices through Editor.js's
   * insertMany: one insert per block made Editor.js report, focus and re-index every block on
   * its own, and a 500 KB page (3,500 blocks) held the page for seconds. Between slices the
   * page answers the user; a slice goes in only while this editor is still the one attached.
   * The change is reported to the content and the undo history once, at the end.
   */
  async insertPastedBlocks(blocks: EditorBlock[]): Promise<void> {
    const handle = this.handle;
    if (!handle || blocks.length === 0) return;
    await handle.ready;
    const api = handle.editor.blocks;
    const currentId = this.currentBlockId();
    let index = currentId ? api.getBlockIndex(currentId) + 1 : api.getBlocksCount();
    for (let from = 0; from < blocks.length; from += PASTE_SLICE) {
      if (from > 0) await nextTask();
      if (this.handle !== handle) return;
      const slice = blocks.slice(from, from + PASTE_SLICE);
      const inserted = api.insertMany(
        slice.map(({ type, data }) => ({ type, data })),
        Math.min(index, api.getBlocksCount()),
      );
      inserted.forEach((block, i) => setTunes(handle, block.id, slice[i]?.tunes));
      index += slice.length;
    }
    handle.history.changed();
    this.content.scheduleEmit();
  }

  /** Turns the current block into a list, heading or paragraph (or updates it when it is one). */
  async convertCurrent(
    type: 'list' | 'header' | 'paragraph',
    data: Record<string, unknown>,
  ): Promise<void> {
    const handle = this.handle;
    const blockId = this.currentBlockId();
    if (!handle || !blockId) return;
    const block = handle.editor.blocks.getById(blockId);
    if (!block) return;
    if (block.name === type) {
      const saved: unknown = (await block.save())?.data;
      await handle.editor.blocks.update(blockId, { ...(isRecord(saved) ? saved : {}), ...data });
    } else {
      // Editor.js's convert makes a new block without the old one's tunes: a centred paragraph
      // made 标题 2 lost its alignment. The new block takes them over.
      const tunes = tunesOf(handle, blockId);
      const converted = await handle.editor.blocks.convert(blockId, type, data);
      setTunes(handle, converted.id, tunes);
    }
    this.content.scheduleEmit();
  }

  /** Inserts a chart right after the table it was made from. */
  insertAfter(blockId: string, block: EditorBlock): void {
    const handle = this.handle;
    if (!handle) return;
    const index = handle.editor.blocks.getBlockIndex(blockId) + 1;
    handle.editor.blocks.insert(block.type, block.data, undefined, index, true);
    this.content.scheduleEmit();
  }

  deleteBlock(blockId: string): void {
    const handle = this.handle;
    if (handle) handle.editor.blocks.delete(handle.editor.blocks.getBlockIndex(blockId));
    this.content.scheduleEmit();
  }

  /** 清除 on an image: its float and size back to the default (the image stays). */
  clearImage(blockId: string): void {
    this.image(blockId)?.update({ float: 'none', width: undefined, height: undefined });
    this.content.scheduleEmit();
  }

  /** The image block of that id (the hint popup and the image dialog change it). */
  image(blockId: string): ImageTool | undefined {
    return this.handle?.images.get(blockId);
  }

  align(alignment: TextAlignment): void {
    const tune = this.handle?.tunes.get(`align:${this.currentBlockId() ?? ''}`);
    if (tune instanceof AlignmentTune) tune.set(alignment);
  }

  spacing(kind: SpacingKind, value: number | undefined): void {
    const tune = this.handle?.tunes.get(`spacing:${this.currentBlockId() ?? ''}`);
    if (tune instanceof SpacingTune) tune.set(kind, value);
  }

  /** Selects the whole link (修改 on a link: the link dialog starts from it). */
  selectLink(anchor: HTMLAnchorElement): void {
    const range = document.createRange();
    range.selectNodeContents(anchor);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }

  /** Removes a link, keeping its text (删除 on a link). */
  removeLink(anchor: HTMLAnchorElement): void {
    anchor.replaceWith(...Array.from(anchor.childNodes));
    this.content.scheduleEmit();
  }

  /** Plain text at the kept selection (special characters, emoticons). */
  insertText(text: string): void {
    this.withRange((range) => insertInlineHtml(range, escapeHtml(text)));
  }

  undo(): void {
    void this.handle?.history.undo().then((shown) => shown && this.content.scheduleEmit());
  }

  redo(): void {
    void this.handle?.history.redo().then((shown) => shown && this.content.scheduleEmit());
  }
}
