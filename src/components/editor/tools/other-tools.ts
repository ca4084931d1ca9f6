/**
 * The remaining blocks written by hand: code (with the ~25 languages of the model), page break,
 * a chart made from a table (drawn by chart.js, loaded on first use), and raw legacy HTML the
 * codec could not map (kept as it came, already sanitised by the codec).
 */
import type { BlockTool, BlockToolConstructorOptions } from '@editorjs/editorjs';
import { editorFields, editorToolbar } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import {
  CODE_LANGUAGES,
  type ChartData,
  type CodeData,
  type PageBreakData,
  type RawHtmlData,
} from '../model/blocks';
import { chartSeries } from '../chart-rules';

const t = editorUi.blocks;

export class CodeTool implements BlockTool {
  static get toolbox() {
    return { title: 'Code', icon: '<i class="pi pi-code" aria-hidden="true"></i>' };
  }

  static get enableLineBreaks() {
    return true;
  }

  static get isReadOnlySupported() {
    return true;
  }

  /** Code is text, kept as typed (the codec escapes it on the way out). */
  static get sanitize() {
    return { code: true, language: false };
  }

  private data: CodeData;
  private textarea: HTMLTextAreaElement | undefined;
  private select: HTMLSelectElement | undefined;
  private readonly readOnly: boolean;

  constructor({ data, readOnly }: BlockToolConstructorOptions<CodeData>) {
    const given: Partial<CodeData> = data ?? {};
    this.data = { code: '', language: 'plaintext', ...given };
    this.readOnly = readOnly;
  }

  render(): HTMLElement {
    const box = document.createElement('div');
    box.className = 're-code';
    const select = document.createElement('select');
    select.className = 're-code__language';
    select.setAttribute('aria-label', editorFields.codeLanguage);
    for (const lang of CODE_LANGUAGES) {
      const option = document.createElement('option');
      option.value = lang.id;
      option.textContent = lang.label;
      select.append(option);
    }
    select.value = CODE_LANGUAGES.some((l) => l.id === this.data.language)
      ? this.data.language
      : 'plaintext';
    select.disabled = this.readOnly;
    const textarea = document.createElement('textarea');
    textarea.className = 're-code__text';
    textarea.spellcheck = false;
    textarea.value = this.data.code;
    textarea.readOnly = this.readOnly;
    textarea.setAttribute('aria-label', t.codeText);
    // Spec section 9: Tab inserts 4 spaces.
    textarea.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      event.preventDefault();
      event.stopPropagation();
      textarea.setRangeText('    ', textarea.selectionStart, textarea.selectionEnd, 'end');
    });
    this.select = select;
    this.textarea = textarea;
    box.append(select, textarea);
    return box;
  }

  save(): CodeData {
    return {
      code: this.textarea?.value ?? this.data.code,
      language: this.select?.value ?? this.data.language,
    };
  }
}

export class PageBreakTool implements BlockTool {
  static get toolbox() {
    return { title: 'Page break', icon: '<i class="pi pi-minus" aria-hidden="true"></i>' };
  }

  static get isReadOnlySupported() {
    return true;
  }

  render(): HTMLElement {
    const box = document.createElement('div');
    box.className = 're-pagebreak';
    box.setAttribute('role', 'separator');
    box.setAttribute('aria-label', editorToolbar.pageBreak);
    box.textContent = editorToolbar.pageBreak;
    return box;
  }

  save(): PageBreakData {
    return {};
  }
}

export class RawHtmlTool implements BlockTool {
  static get isReadOnlySupported() {
    return true;
  }

  /** Already sanitised by the codec; Editor.js must not strip its markup again. */
  static get sanitize() {
    return { html: true };
  }

  private readonly data: RawHtmlData;

  constructor({ data }: BlockToolConstructorOptions<RawHtmlData>) {
    const given: Partial<RawHtmlData> = data ?? {};
    this.data = { html: '', ...given };
  }

  render(): HTMLElement {
    const box = document.createElement('div');
    box.className = 're-raw';
    // Sanitised by the codec when it made this block (htmlToBlocks runs DOMPurify first).
    box.innerHTML = this.data.html;
    return box;
  }

  save(): RawHtmlData {
    return this.data;
  }
}

export class ChartTool implements BlockTool {
  static get isReadOnlySupported() {
    return true;
  }

  private readonly data: ChartData;
  private chart: { destroy(): void } | undefined;

  constructor({ data }: BlockToolConstructorOptions<ChartData>) {
    const given: Partial<ChartData> = data ?? {};
    this.data = { chartType: 'bar', title: '', table: { withHeadings: true, rows: [] }, ...given };
  }

  render(): HTMLElement {
    const box = document.createElement('div');
    box.className = 're-chart';
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t.chartLabel(this.data.title));
    canvas.width = 480;
    canvas.height = 280;
    box.append(canvas);
    void this.draw(canvas);
    return box;
  }

  private async draw(canvas: HTMLCanvasElement) {
    const { Chart } = await import('chart.js/auto');
    const data = chartSeries(this.data.table);
    if (!data) return;
    this.chart = new Chart(canvas, {
      type: this.data.chartType,
      data: {
        labels: data.categories,
        datasets: data.series.map((s) => ({ label: s.name, data: s.values })),
      },
      options: {
        animation: false,
        responsive: false,
        plugins: { title: { display: !!this.data.title, text: this.data.title } },
      },
    });
  }

  destroy(): void {
    this.chart?.destroy();
  }

  save(): ChartData {
    return this.data;
  }
}
