/**
 * HTML → blocks, through DOMParser (DOMPurify's document) after the editor's sanitiser.
 * Own markup (./serialize) comes back exactly; legacy HTML (UEditor pages: <p style>, <span
 * style>, <font>, tables with colspan, floated images, <pre class="brush:js">, <hr
 * class="pagebreak">, <embed>/<iframe> videos, nested divs) and mammoth's .docx output (h1–h6,
 * p, strong, em, lists, tables, data: images) become the nearest blocks; what maps onto no
 * block is kept as a sanitised `raw` block. This file walks the document; what one element says
 * is read in ./parse-element.ts, each kind of block in ./parse-blocks.ts.
 */
import type { BlockTunes, EditorBlock, EditorDocument, HeaderData } from '../model/blocks';
import {
  attachmentOf,
  parseCode,
  parseFigure,
  parseImage,
  parseList,
  parseMedia,
  parseTable,
} from './parse-blocks';
import {
  BLOCK_TAGS,
  CONTAINERS,
  inlineOf,
  isBlockMedia,
  tunesOf,
  withOwnInlineStyle,
  withTunes,
} from './parse-element';
import { sanitizeToElement } from './sanitize';

const HEADING_LEVELS: Partial<Record<string, HeaderData['level']>> = {
  H1: 1,
  H2: 2,
  H3: 3,
  H4: 4,
  H5: 5,
  H6: 6,
};

class Walker {
  readonly blocks: EditorBlock[] = [];
  private run: Node[] = [];
  private runTunes: BlockTunes | undefined;

  /** Loose inline content (text beside blocks) becomes a paragraph. */
  private flush(): void {
    const nodes = this.run;
    this.run = [];
    if (!nodes.some((node) => (node.textContent ?? '').trim() || node instanceof Element)) return;
    const text = inlineOf(nodes).trim();
    if (!text) return;
    this.blocks.push(withTunes({ type: 'paragraph', data: { text } }, this.runTunes));
  }

  /** A paragraph-like element whose content may hold images or frames: split around them. */
  private textBlock(
    element: Element,
    make: (text: string) => EditorBlock,
    tunes: BlockTunes | undefined,
  ): void {
    const children = Array.from(element.childNodes);
    if (
      !children.some(
        (child) =>
          isBlockMedia(child) ||
          (child instanceof Element &&
            child.querySelector('img:not(.emoticon), iframe, video, table')),
      )
    ) {
      this.blocks.push(withTunes(make(withOwnInlineStyle(element, inlineOf(children))), tunes));
      return;
    }
    // Images in a paragraph (UEditor, mammoth) become image blocks between the text parts.
    let part: Node[] = [];
    const emit = () => {
      const text = withOwnInlineStyle(element, inlineOf(part).trim());
      if (text) this.blocks.push(withTunes(make(text), tunes));
      part = [];
    };
    const visit = (node: Node) => {
      if (node instanceof Element && isBlockMedia(node)) {
        emit();
        this.media(node, element);
      } else if (
        node instanceof Element &&
        node.querySelector('img:not(.emoticon), iframe, video, table') &&
        !['A'].includes(node.tagName)
      ) {
        node.childNodes.forEach(visit);
      } else part.push(node);
    };
    children.forEach(visit);
    emit();
  }

  private media(element: Element, holder: Element): void {
    if (element.tagName === 'IMG') {
      const data = parseImage(
        element,
        element.hasAttribute('style') || element.hasAttribute('align') ? element : holder,
      );
      if (data) this.blocks.push({ type: 'image', data });
    } else if (element.tagName === 'TABLE') {
      this.blocks.push({ type: 'table', data: parseTable(element) });
    } else {
      const block = parseMedia(element, null);
      if (block) this.blocks.push(block);
    }
  }

  walk(parent: Element, inherited: BlockTunes | undefined): void {
    for (const node of Array.from(parent.childNodes)) {
      if (!(node instanceof Element)) {
        if (node.nodeType === 3) {
          if (!this.run.length) this.runTunes = inherited;
          this.run.push(node);
        }
        continue;
      }
      const tag = node.tagName;
      if (!BLOCK_TAGS.has(tag) && !isBlockMedia(node)) {
        if (tag === 'BR') {
          this.flush();
          continue;
        }
        if (
          node.querySelector(
            'p, div, h1, h2, h3, h4, h5, h6, ul, ol, table, pre, img:not(.emoticon), iframe, video',
          )
        ) {
          // Inline wrapper around blocks (a <span> around paragraphs): walk into it.
          this.flush();
          this.walk(node, inherited);
          continue;
        }
        if (!this.run.length) this.runTunes = inherited;
        this.run.push(node);
        continue;
      }
      this.flush();
      this.element(node, inherited);
    }
    this.flush();
  }

  private element(node: Element, inherited: BlockTunes | undefined): void {
    const tag = node.tagName;
    const kind = node.getAttribute('data-block');
    const tunes = tunesOf(node, inherited);
    if (kind === 'raw') {
      this.blocks.push({ type: 'raw', data: { html: node.innerHTML } });
      return;
    }
    if (tag === 'FIGURE') {
      const blocks = parseFigure(node);
      if (blocks) {
        this.blocks.push(...blocks);
        return;
      }
    }
    if (CONTAINERS.has(tag)) {
      this.walk(node, tunes);
      return;
    }
    const level = HEADING_LEVELS[tag];
    if (level) {
      this.textBlock(node, (text) => ({ type: 'header', data: { text, level } }), tunes);
      return;
    }
    switch (tag) {
      case 'P': {
        const attachment = attachmentOf(node);
        if (attachment) this.blocks.push(attachment);
        else this.textBlock(node, (text) => ({ type: 'paragraph', data: { text } }), tunes);
        return;
      }
      case 'UL':
      case 'OL':
        this.blocks.push(withTunes({ type: 'list', data: parseList(node) }, tunes));
        return;
      case 'LI':
        // A stray item outside a list: one item of an unordered list.
        this.blocks.push({ type: 'list', data: parseList(wrapIn(node, 'ul')) });
        return;
      case 'TABLE':
        this.blocks.push({ type: 'table', data: parseTable(node) });
        return;
      case 'PRE':
        this.blocks.push({ type: 'code', data: parseCode(node) });
        return;
      case 'HR':
        if (kind === 'pagebreak' || node.classList.contains('pagebreak'))
          this.blocks.push({ type: 'pagebreak', data: {} });
        else this.blocks.push({ type: 'raw', data: { html: '<hr>' } });
        return;
      default:
        if (isBlockMedia(node)) this.media(node, node);
        else this.blocks.push({ type: 'raw', data: { html: node.outerHTML } });
    }
  }
}

function wrapIn(node: Element, tag: string): Element {
  const wrapper = node.ownerDocument.createElement(tag);
  wrapper.appendChild(node.cloneNode(true));
  return wrapper;
}

/** The stored (or pasted, or legacy) HTML as editor blocks. */
export function htmlToBlocks(html: string): EditorDocument {
  const walker = new Walker();
  walker.walk(sanitizeToElement(html ?? ''), undefined);
  return { blocks: walker.blocks };
}
