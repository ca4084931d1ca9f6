/**
 * Block tunes of the text blocks, written by hand (spec section 2): alignment (left, centre,
 * right, justified) and spacing (above/below 5–25 px, line height 1–5). The project's toolbar
 * sets them through the per-mount registry; Editor.js saves them into `tunes`.
 */
import type { API, BlockAPI, BlockTune } from '@editorjs/editorjs';
import type { MenuConfig } from '@editorjs/editorjs/types/tools';
import { editorToolbar as t } from '@/locale/editor';
import type { BlockSpacing, TextAlignment } from '../model/blocks';

/** A function, not the registry itself: Editor.js deep-copies tool configs (class instances lose their methods). */
export interface TuneConfig {
  register: (key: string, tune: AlignmentTune | SpacingTune) => void;
}

interface TuneOptions<D> {
  api: API;
  data?: D;
  config?: TuneConfig;
  block: BlockAPI;
}

export const ALIGNMENTS: readonly { value: TextAlignment; label: string; icon: string }[] = [
  { value: 'left', label: t.justifyLeft, icon: 'pi-align-left' },
  { value: 'center', label: t.justifyCenter, icon: 'pi-align-center' },
  { value: 'right', label: t.justifyRight, icon: 'pi-align-right' },
  { value: 'justify', label: t.justifyJustify, icon: 'pi-align-justify' },
];

const ALIGN_VALUES = new Set<string>(ALIGNMENTS.map((a) => a.value));

export class AlignmentTune implements BlockTune {
  static get isTune() {
    return true;
  }

  private alignment: TextAlignment | undefined;
  private wrapper: HTMLElement | undefined;
  private readonly block: BlockAPI;

  constructor({ data, config, block }: TuneOptions<{ alignment?: TextAlignment }>) {
    const given = data?.alignment;
    this.alignment = given && ALIGN_VALUES.has(given) ? given : undefined;
    this.block = block;
    config?.register(`align:${block.id}`, this);
  }

  render(): MenuConfig {
    return ALIGNMENTS.map((a) => ({
      title: a.label,
      icon: `<i class="pi ${a.icon}" aria-hidden="true"></i>`,
      isActive: this.alignment === a.value,
      closeOnActivate: true,
      onActivate: () => this.set(a.value),
    }));
  }

  wrap(content: HTMLElement): HTMLElement {
    const wrapper = document.createElement('div');
    wrapper.append(content);
    this.wrapper = wrapper;
    this.apply();
    return wrapper;
  }

  set(alignment: TextAlignment): void {
    this.alignment = alignment;
    this.apply();
    this.block.dispatchChange();
  }

  save(): { alignment: TextAlignment } | undefined {
    return this.alignment ? { alignment: this.alignment } : undefined;
  }

  private apply() {
    if (this.wrapper) this.wrapper.style.textAlign = this.alignment ?? '';
  }
}

export const SPACING_CHOICES = [5, 10, 15, 20, 25] as const;
export const LINE_HEIGHT_CHOICES = [1, 1.5, 1.75, 2, 3, 4, 5] as const;

export class SpacingTune implements BlockTune {
  static get isTune() {
    return true;
  }

  private spacing: BlockSpacing;
  private wrapper: HTMLElement | undefined;
  private readonly block: BlockAPI;

  constructor({ data, config, block }: TuneOptions<BlockSpacing>) {
    this.spacing = { ...(data ?? {}) };
    this.block = block;
    config?.register(`spacing:${block.id}`, this);
  }

  render(): MenuConfig {
    return [];
  }

  wrap(content: HTMLElement): HTMLElement {
    const wrapper = document.createElement('div');
    wrapper.append(content);
    this.wrapper = wrapper;
    this.apply();
    return wrapper;
  }

  /** Sets one property; undefined removes it. */
  set(key: keyof BlockSpacing, value: number | undefined): void {
    if (value === undefined) delete this.spacing[key];
    else this.spacing[key] = value;
    this.apply();
    this.block.dispatchChange();
  }

  save(): BlockSpacing | undefined {
    return Object.keys(this.spacing).length ? { ...this.spacing } : undefined;
  }

  private apply() {
    const el = this.wrapper;
    if (!el) return;
    el.style.marginTop = this.spacing.marginTop ? `${this.spacing.marginTop}px` : '';
    el.style.marginBottom = this.spacing.marginBottom ? `${this.spacing.marginBottom}px` : '';
    el.style.lineHeight = this.spacing.lineHeight ? String(this.spacing.lineHeight) : '';
    // Editor.js gives its text blocks their own line height; the chosen one must reach the text.
    el.classList.toggle('re-line-height', !!this.spacing.lineHeight);
  }
}
