/**
 * The media blocks written by hand: image (float default/left/right/centre, caption), attachment,
 * video (420 × 280 by default). Their data comes from the project's dialogs and the codec; only
 * http(s), root-relative and data:image addresses are drawn.
 */
import type { API, BlockTool, BlockToolConstructorOptions } from '@editorjs/editorjs';
import { displayFileName } from '@/lib/format';
import { editorFields } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { IFRAME_SANDBOX } from '../html/allow-lists';
import { videoEmbed } from '../html/video';
import {
  EDITOR_LIMITS,
  type AttachmentData,
  type ImageData,
  type ImageFloat,
  type VideoData,
} from '../model/blocks';

const t = editorUi.blocks;

/** Addresses a block may show: web, root-relative, blob (a local preview) and data:image. */
export function isSafeUrl(url: string): boolean {
  const text = url.trim();
  return (
    /^(https?:)?\/\//i.test(text) ||
    /^\/(?!\/)/.test(text) ||
    /^data:image\//i.test(text) ||
    /^blob:/i.test(text)
  );
}

/** A function, not the registry itself: Editor.js deep-copies tool configs. */
export interface MediaToolConfig {
  register: (blockId: string, tool: ImageTool) => void;
}

export const FLOAT_STYLES: Record<ImageFloat, Partial<CSSStyleDeclaration>> = {
  none: {},
  left: { float: 'left', margin: '0 12px 8px 0' },
  right: { float: 'right', margin: '0 0 8px 12px' },
  center: { display: 'block', margin: '0 auto' },
};

export class ImageTool implements BlockTool {
  static get toolbox() {
    return {
      title: 'Image',
      icon: '<i class="pi pi-image" aria-hidden="true"></i>',
    };
  }

  static get isReadOnlySupported() {
    return true;
  }

  private data: ImageData;
  private figure: HTMLElement | undefined;
  private readonly readOnly: boolean;
  readonly blockId: string;
  private readonly api: API;

  constructor({
    data,
    api,
    config,
    readOnly,
    block,
  }: BlockToolConstructorOptions<ImageData, MediaToolConfig>) {
    const given: Partial<ImageData> = data ?? {};
    this.data = { url: '', caption: '', float: 'none', ...given };
    this.readOnly = readOnly;
    this.blockId = block?.id ?? '';
    this.api = api;
    config?.register(this.blockId, this);
  }

  render(): HTMLElement {
    const figure = document.createElement('figure');
    figure.className = 're-image';
    this.figure = figure;
    this.draw();
    return figure;
  }

  save(): ImageData {
    const caption = this.figure?.querySelector('figcaption');
    if (caption) this.data = { ...this.data, caption: caption.innerHTML };
    return this.data;
  }

  validate(data: ImageData): boolean {
    return !!data.url;
  }

  /** The image's data, for the hint popup's 修改. */
  get value(): ImageData {
    return this.save();
  }

  update(next: Partial<ImageData>): void {
    this.save();
    this.data = { ...this.data, ...next };
    this.draw();
    this.api.blocks.getById(this.blockId)?.dispatchChange();
  }

  private draw() {
    const figure = this.figure;
    if (!figure) return;
    figure.replaceChildren();
    const { url, alt, width, height, float, caption } = this.data;
    figure.dataset.float = float;
    if (url && isSafeUrl(url)) {
      const img = document.createElement('img');
      img.src = url;
      img.alt = alt ?? '';
      if (width) img.width = width;
      if (height) img.height = height;
      img.className = 're-image__img';
      Object.assign(img.style, FLOAT_STYLES[float]);
      figure.append(img);
    }
    const figcaption = document.createElement('figcaption');
    figcaption.className = 're-image__caption';
    figcaption.dataset.placeholder = editorFields.imageCaption;
    if (!this.readOnly) figcaption.contentEditable = 'true';
    figcaption.innerHTML = caption;
    figure.append(figcaption);
  }
}

export class AttachmentTool implements BlockTool {
  static get isReadOnlySupported() {
    return true;
  }

  private readonly data: AttachmentData;

  constructor({ data }: BlockToolConstructorOptions<AttachmentData>) {
    const given: Partial<AttachmentData> = data ?? {};
    this.data = { url: '', name: '', ...given };
  }

  render(): HTMLElement {
    const box = document.createElement('div');
    box.className = 're-attachment';
    const link = document.createElement('a');
    if (isSafeUrl(this.data.url)) link.href = this.data.url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    // Shown without bidirectional controls, so a file name cannot disguise its extension.
    link.textContent = t.attachmentLabel(displayFileName(this.data.name || this.data.url));
    box.append(link);
    return box;
  }

  save(): AttachmentData {
    return this.data;
  }
}

export class VideoTool implements BlockTool {
  static get isReadOnlySupported() {
    return true;
  }

  private readonly data: VideoData;

  // A new block (toolbox, paste) starts with empty data.
  constructor({ data }: BlockToolConstructorOptions<Partial<VideoData>>) {
    this.data = {
      url: '',
      width: EDITOR_LIMITS.video.width,
      height: EDITOR_LIMITS.video.height,
      ...data,
    };
  }

  /** Shown as the stored HTML shows it: a known player in a sandboxed frame, a file in <video>. */
  render(): HTMLElement {
    const box = document.createElement('div');
    box.className = 're-video';
    const target = videoEmbed(this.data.url);
    const media = document.createElement(target?.kind === 'iframe' ? 'iframe' : 'video');
    if (media instanceof HTMLIFrameElement && target) {
      media.src = target.src;
      media.setAttribute('sandbox', IFRAME_SANDBOX);
      media.allowFullscreen = true;
      media.title = t.videoLabel(this.data.url);
    } else if (media instanceof HTMLVideoElement) {
      // Nothing is fetched from the video's host until the user presses play (as in the view).
      media.preload = 'none';
      if (target) media.src = target.src;
      media.controls = true;
    }
    media.setAttribute('width', String(this.data.width));
    media.setAttribute('height', String(this.data.height));
    media.setAttribute('aria-label', t.videoLabel(this.data.url));
    box.append(media);
    return box;
  }

  save(): VideoData {
    return this.data;
  }
}
