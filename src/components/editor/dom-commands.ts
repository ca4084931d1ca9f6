/**
 * Inline commands of the project's toolbar on the editor's contenteditable text: the selection is
 * kept while a toolbar button, menu or dialog has the focus, then restored before the command
 * runs. Styles become `<span style>` (the model's inline markup); links and anchors are `<a>`.
 */

/** Remembers the last selection inside `root` and puts it back on demand. */
export class SelectionKeeper {
  private range: Range | undefined;

  constructor(private readonly root: HTMLElement) {}

  private readonly onChange = () => {
    const selection = document.getSelection();
    if (!selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    const node = range.commonAncestorContainer;
    const el = node instanceof Element ? node : node.parentElement;
    if (el && this.root.contains(el) && el.closest('[contenteditable="true"]'))
      this.range = range.cloneRange();
  };

  start(): () => void {
    document.addEventListener('selectionchange', this.onChange);
    return () => document.removeEventListener('selectionchange', this.onChange);
  }

  /** The kept range, put back as the document selection (undefined when none). */
  restore(): Range | undefined {
    // selectionchange arrives as a task: a selection made just now may not be kept yet.
    this.onChange();
    const range = this.range;
    if (!range || !this.root.contains(range.startContainer)) return undefined;
    const editable =
      range.startContainer instanceof Element
        ? range.startContainer.closest<HTMLElement>('[contenteditable="true"]')
        : range.startContainer.parentElement?.closest<HTMLElement>('[contenteditable="true"]');
    editable?.focus({ preventScroll: true });
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return range;
  }

  /** The element the kept selection starts in. */
  anchorElement(): Element | undefined {
    const node = this.range?.startContainer;
    if (!node) return undefined;
    return node instanceof Element ? node : (node.parentElement ?? undefined);
  }

  clear(): void {
    this.range = undefined;
  }
}

/** Bold, italic, underline, unlink and the like: the browser's own commands. */
export function execInline(
  command: 'bold' | 'italic' | 'underline' | 'unlink' | 'removeFormat',
): void {
  document.execCommand('styleWithCSS', false, 'false');
  document.execCommand(command);
}

export type InlineStyle = 'color' | 'backgroundColor' | 'fontFamily' | 'fontSize' | 'border';

const CSS_NAME: Record<InlineStyle, string> = {
  color: 'color',
  backgroundColor: 'background-color',
  fontFamily: 'font-family',
  fontSize: 'font-size',
  border: 'border',
};

/**
 * Wraps the selection in `<span style="prop: value">` (an empty value removes the style from the
 * selection). Inner spans lose the same property so styles do not pile up.
 */
export function applyInlineStyle(range: Range, prop: InlineStyle, value: string): void {
  if (range.collapsed) return;
  const fragment = range.extractContents();
  fragment.querySelectorAll<HTMLElement>('span[style]').forEach((span) => {
    span.style.removeProperty(CSS_NAME[prop]);
    if (!span.getAttribute('style')) span.replaceWith(...Array.from(span.childNodes));
  });
  let inserted: Node;
  if (value) {
    const span = document.createElement('span');
    span.style.setProperty(CSS_NAME[prop], value);
    span.append(fragment);
    inserted = span;
    range.insertNode(span);
  } else {
    const first = fragment.firstChild;
    const last = fragment.lastChild;
    range.insertNode(fragment);
    inserted = first ?? document.createTextNode('');
    if (first && last) {
      range.setStartBefore(first);
      range.setEndAfter(last);
    }
  }
  if (value) range.selectNodeContents(inserted);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  notifyInput(range);
}

/** Tells Editor.js (its mutation observer listens for input) that the block changed. */
function notifyInput(range: Range) {
  const node = range.commonAncestorContainer;
  const el = node instanceof Element ? node : node.parentElement;
  el?.closest('[contenteditable="true"]')?.dispatchEvent(new Event('input', { bubbles: true }));
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Inserts inline HTML (already safe: built from escaped parts) at the range. */
export function insertInlineHtml(range: Range, html: string): void {
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  document.execCommand('insertHTML', false, html);
}

export interface LinkInput {
  href: string;
  text: string;
  title?: string;
  newWindow?: boolean;
}

/** The link around a node, if any. */
export function linkAt(node: Node | null | undefined): HTMLAnchorElement | undefined {
  const el = node instanceof Element ? node : node?.parentElement;
  return el?.closest<HTMLAnchorElement>('a[href]') ?? undefined;
}

/** Sets or creates a link: an existing one is updated, else the selection (or the text) is wrapped. */
export function applyLink(range: Range, input: LinkInput): void {
  const existing = linkAt(range.startContainer);
  if (existing) {
    existing.setAttribute('href', input.href);
    if (input.title) existing.title = input.title;
    else existing.removeAttribute('title');
    if (input.newWindow) existing.target = '_blank';
    else existing.removeAttribute('target');
    if (input.text && input.text !== existing.textContent) existing.textContent = input.text;
    notifyInput(range);
    return;
  }
  const a = document.createElement('a');
  a.setAttribute('href', input.href);
  if (input.title) a.title = input.title;
  if (input.newWindow) a.target = '_blank';
  if (range.collapsed || (input.text && input.text !== range.toString())) {
    range.deleteContents();
    a.textContent = input.text || input.href;
  } else {
    a.append(range.extractContents());
  }
  range.insertNode(a);
  range.setStartAfter(a);
  range.collapse(true);
  notifyInput(range);
}

/**
 * Inserts a named anchor (`<a id name>`) at the selection start (around the selected text) and
 * puts the caret after it. Chromium types at an element's end into the element (it keeps only
 * links, `<a href>`, out): the caret goes after a zero-width space outside the anchor, so what
 * is typed next, IME input too, follows the anchor instead of landing in it.
 */
export function insertAnchor(range: Range, name: string): void {
  const a = document.createElement('a');
  a.id = name;
  a.setAttribute('name', name);
  if (range.collapsed) a.textContent = '\u200b';
  else a.append(range.extractContents());
  range.insertNode(a);
  const after = document.createTextNode('\u200b');
  a.after(after);
  range.setStart(after, after.length);
  range.collapse(true);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  notifyInput(range);
}

/** The text nodes under an element, in document order. */
function textNodesIn(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) nodes.push(node);
  }
  return nodes;
}

/**
 * Replaces every occurrence of `find` in the text nodes under `root`'s editable parts; returns
 * how many were replaced. Markup is untouched (a match split by markup is left alone).
 */
export function replaceAllText(
  root: HTMLElement,
  find: string,
  replacement: string,
  matchCase: boolean,
): number {
  if (!find) return 0;
  const flags = matchCase ? 'g' : 'gi';
  const pattern = new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags);
  let count = 0;
  const touched = new Set<Element>();
  root.querySelectorAll('[contenteditable="true"]').forEach((editable) => {
    // Collected first: replacing text while walking would move the walker.
    for (const node of textNodesIn(editable)) {
      const text = node.data;
      const matches = text.match(pattern);
      if (!matches) continue;
      count += matches.length;
      node.data = text.replace(pattern, () => replacement);
      touched.add(editable);
    }
  });
  touched.forEach((el) => el.dispatchEvent(new Event('input', { bubbles: true })));
  return count;
}

/** Selects the next occurrence after the current selection (wrapping round); false when none. */
export function findNext(root: HTMLElement, find: string, matchCase: boolean): boolean {
  if (!find) return false;
  const needle = matchCase ? find : find.toLowerCase();
  const hits: { node: Text; offset: number }[] = [];
  root.querySelectorAll('[contenteditable="true"]').forEach((editable) => {
    for (const node of textNodesIn(editable)) {
      const text = matchCase ? node.data : node.data.toLowerCase();
      let at = text.indexOf(needle);
      while (at >= 0) {
        hits.push({ node, offset: at });
        at = text.indexOf(needle, at + needle.length);
      }
    }
  });
  if (hits.length === 0) return false;
  const selection = document.getSelection();
  const current = selection && selection.rangeCount ? selection.getRangeAt(0) : undefined;
  const after = hits.find((hit) => {
    if (!current) return true;
    const probe = document.createRange();
    probe.setStart(hit.node, hit.offset);
    return (
      probe.compareBoundaryPoints(Range.START_TO_END, current) >= 0 &&
      !(hit.node === current.startContainer && hit.offset === current.startOffset)
    );
  });
  const hit = after ?? hits[0];
  if (!hit) return false;
  const range = document.createRange();
  range.setStart(hit.node, hit.offset);
  range.setEnd(hit.node, hit.offset + find.length);
  const editable = hit.node.parentElement?.closest('[contenteditable="true"]');
  if (editable instanceof HTMLElement) editable.focus({ preventScroll: true });
  selection?.removeAllRanges();
  selection?.addRange(range);
  hit.node.parentElement?.scrollIntoView({ block: 'nearest' });
  return true;
}
