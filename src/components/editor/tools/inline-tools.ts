/**
 * Inline tools. Editor.js keeps, in a text block, only the tags its enabled inline tools declare
 * in `sanitize`; these two declare the model's inline markup (spans with colour, background,
 * font and border styles; sup/sub/s; emoticon images; links and anchors) and put two buttons in
 * Editor.js's own inline toolbar. The `link` tool replaces Editor.js's built-in one (which would
 * force rel/target and drop anchors) and opens the project's link dialog.
 */
import type { InlineTool, SanitizerConfig } from '@editorjs/editorjs';
import { editorToolbar } from '@/locale/editor';

export interface LinkToolConfig {
  /** Opens the link dialog for the current selection. */
  onOpen: () => void;
}

function button(label: string, icon: string): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = 'ce-inline-tool';
  el.title = label;
  el.setAttribute('aria-label', label);
  el.innerHTML = `<i class="pi ${icon}" aria-hidden="true"></i>`;
  return el;
}

export class LinkInlineTool implements InlineTool {
  static get isInline() {
    return true;
  }

  static get title() {
    return 'Link';
  }

  static get sanitize(): SanitizerConfig {
    return { a: { href: true, target: true, id: true, name: true, title: true } };
  }

  private readonly config: LinkToolConfig | undefined;

  // Editor.js types a tool's config as `any`; this tool is only ever given a LinkToolConfig.
  constructor({ config }: { config?: LinkToolConfig }) {
    this.config = config;
  }

  render(): HTMLElement {
    return button(editorToolbar.link, 'pi-link');
  }

  surround(): void {
    this.config?.onOpen();
  }

  checkState(): boolean {
    return false;
  }
}

export class StyleInlineTool implements InlineTool {
  static get isInline() {
    return true;
  }

  static get title() {
    return 'Style';
  }

  static get sanitize(): SanitizerConfig {
    return {
      span: { style: true },
      s: {},
      sup: {},
      sub: {},
      br: {},
      img: { class: true, src: true, alt: true, width: true, height: true },
    };
  }

  render(): HTMLElement {
    return button(editorToolbar.removeFormat, 'pi-eraser');
  }

  /** 清除格式: removes bold, colours, fonts and borders from the selection. */
  surround(): void {
    document.execCommand('removeFormat');
  }

  checkState(): boolean {
    return false;
  }
}
