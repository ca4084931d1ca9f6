/**
 * Two walk-through findings of the editor (issue 51 item 11): text typed right after a new 锚点
 * goes after the anchor, not into it; a centred paragraph made 标题 2 stays centred (Editor.js's
 * block conversion drops the old block's tunes). Ctrl+Shift+Z redo: commands.test.tsx.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorContent, toBlocks } from '@/components/editor/content';
import { SelectionKeeper, insertAnchor } from '@/components/editor/dom-commands';
import { EditorOps } from '@/components/editor/editor-ops';
import { createEditor, type EditorHandle } from '@/components/editor/instance';

/** The selection as a single range in `root`. */
function select(start: [Node, number], end: [Node, number] = start): Range {
  const range = document.createRange();
  range.setStart(...start);
  range.setEnd(...end);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return range;
}

/** The last text node in `root` that ends at or before the boundary point (node, offset). */
function textEndingBefore(root: Node, node: Node, offset: number): Text | undefined {
  const point = document.createRange();
  point.setStart(node, offset);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let found: Text | undefined;
  for (let text = walker.nextNode(); text; text = walker.nextNode())
    if (text instanceof Text && point.comparePoint(text, text.length) <= 0) found = text;
  return found;
}

/**
 * Types `text` at the selection as Chromium does (seen in Chromium 156 on a contenteditable
 * div; jsdom has no editing of its own): a selection is replaced by the text, and a caret on an
 * element boundary or at the start of a text node is moved back to the end of the text just
 * before it — so a caret right after `<a name>…</a>` types into the anchor (Chromium keeps
 * only links, `<a href>`, out of that).
 */
function typeAsChromium(root: HTMLElement, text: string): void {
  const range = document.getSelection()?.getRangeAt(0);
  if (!range) throw new Error('no selection to type at');
  range.deleteContents();
  let node = range.startContainer;
  let offset = range.startOffset;
  if (!(node instanceof Text) || offset === 0) {
    const before = textEndingBefore(root, node, offset);
    if (before) {
      node = before;
      offset = before.length;
    }
  }
  if (node instanceof Text) node.insertData(offset, text);
  else range.insertNode(document.createTextNode(text));
}

/** A contenteditable paragraph, as the editor's text blocks are. */
function editable(text: string): HTMLElement {
  const block = document.createElement('div');
  block.setAttribute('contenteditable', 'true');
  block.textContent = text;
  document.body.append(block);
  return block;
}

/** What a reader sees (the anchor's zero-width space is no character of the text). */
const visible = (el: Element) => (el.textContent ?? '').replace(/\u200b/g, '');

describe('锚点', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('text typed right after an anchor inserted at the caret follows it, outside', () => {
    const block = editable('前文');
    const text = block.firstChild;
    if (!text) throw new Error('no text');
    insertAnchor(select([text, 2]), 'part-one');
    typeAsChromium(block, '后文');

    const anchor = block.querySelector('a[name="part-one"]');
    expect(anchor?.id).toBe('part-one');
    expect(visible(anchor ?? block)).toBe('');
    expect(visible(block)).toBe('前文后文');
    // The anchor marks the place between the two: the typed text comes after it.
    expect(visible(block).indexOf('后文')).toBe(2);
    expect(block.innerHTML.indexOf('后文')).toBeGreaterThan(block.innerHTML.indexOf('</a>'));
  });

  it('text typed right after an anchor made of selected text stays out of it', () => {
    const block = editable('跳转目标段落');
    const text = block.firstChild;
    if (!text) throw new Error('no text');
    insertAnchor(select([text, 0], [text, 4]), 'target');
    typeAsChromium(block, '新');

    expect(block.querySelector('a[name="target"]')?.textContent).toBe('跳转目标');
    expect(visible(block)).toBe('跳转目标新段落');
  });
});

describe('标题 2 on a centred paragraph', () => {
  let handle: EditorHandle | undefined;

  beforeEach(() => {
    // Editor.js's popovers ask for the media queries; jsdom has none.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
  });

  afterEach(async () => {
    const current = handle;
    handle = undefined;
    if (current) {
      current.dispose();
      await current.ready;
    }
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  it('keeps the alignment: drawn centred and saved centred', async () => {
    const holder = document.createElement('div');
    document.body.append(holder);
    const content = new EditorContent('<p style="text-align: center">居中段落</p>');
    const editor = createEditor({
      holder,
      blocks: toBlocks(content.html),
      onChange: () => undefined,
      onLinkOpen: () => undefined,
    });
    handle = editor;
    await editor.ready;
    const ops = new EditorOps(content);
    const keeper = new SelectionKeeper(holder);
    const stopKeeper = keeper.start();
    ops.attach(editor, keeper);

    const paragraph = holder.querySelector('.ce-paragraph');
    const text = paragraph?.firstChild;
    if (!paragraph || !text) throw new Error('no paragraph');
    // Editor.js makes its blocks editable through the contentEditable property, which jsdom
    // lacks; the attribute is what the browser would show.
    paragraph.setAttribute('contenteditable', 'true');
    // The keeper follows the selection through selectionchange, which arrives as a task.
    const noticed = new Promise((resolve) =>
      document.addEventListener('selectionchange', resolve, { once: true }),
    );
    select([text, 2]);
    await noticed;
    // 段落格式 → 标题 2 of the toolbar.
    await ops.convertCurrent('header', { level: 2 });
    stopKeeper();
    content.stop();

    const heading = holder.querySelector('h2');
    expect(heading?.textContent).toBe('居中段落');
    const tuneWrapper = heading?.closest<HTMLElement>('[style*="text-align"]');
    expect(tuneWrapper?.style.textAlign).toBe('center');
    const saved = await editor.editor.save();
    expect(saved.blocks).toEqual([
      expect.objectContaining({
        type: 'header',
        data: { text: '居中段落', level: 2 },
        tunes: expect.objectContaining({ alignment: { alignment: 'center' } }),
      }),
    ]);
  });
});
