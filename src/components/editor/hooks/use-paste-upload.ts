/**
 * Paste and drop (spec: paste or drop image upload, the Word image hint, remote image capture):
 * image files upload through /ueditor/ue and become image blocks; a pasted page with blocks goes
 * through the codec, its remote images captured before anything shows them (../remote-images).
 * Text and simple inline HTML are left to Editor.js; nothing is taken over in a code block or a
 * table cell, nor while the source view is open.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import { notify } from '@/lib/notify';
import { uploadToUeditor } from '@/lib/ueditor';
import { editorErrors, editorStatus } from '@/locale/editor';
import type { EditorOps } from '../editor-ops';
import {
  PASTE_LIMIT_CHARS,
  PASTE_MEASURES,
  pastedBlocks,
  pastedSize,
  pasteTooLarge,
} from '../html/paste';
import { EDITOR_LIMITS } from '../model/blocks';
import type { RemoteImages } from '../remote-images';
import { useLatest } from './use-latest';

/** Uploads one file through /ueditor/ue; errors are shown by the client (4 s). */
export async function uploadEditorFile(
  file: File,
  kind: 'image' | 'file',
): Promise<string | undefined> {
  const result = await uploadToUeditor(file, kind);
  return result.ok ? result.url : undefined;
}

/** Pasted HTML worth reading as blocks: anything beyond inline text. */
const BLOCK_MARKUP = /<(table|img|h[1-6]|ul|ol|pre|video|iframe|figure|hr)\b/i;
/** Images Word pastes as local files the browser may not read. */
const LOCAL_IMAGE = /<img[^>]+src=["']?file:/i;

function imageFiles(list: FileList | undefined | null): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

function closestOf(target: EventTarget | null, selector: string): Element | null {
  return target instanceof Element ? target.closest(selector) : null;
}

export function usePasteUpload(options: {
  frameRef: RefObject<HTMLDivElement | null>;
  ops: EditorOps;
  ownHtml: RemoteImages['ownHtml'];
  disabled: boolean;
  /** The source view is open: pasting is the text area's own. */
  sourceOpen: boolean;
}) {
  const { frameRef, ops, ownHtml, disabled } = options;
  const sourceOpenRef = useLatest(options.sourceOpen);

  const uploadImages = useCallback(
    async (files: File[]) => {
      const urls: string[] = [];
      for (const file of files) {
        const url = await uploadEditorFile(file, 'image');
        if (url) urls.push(url);
      }
      await ops.insertBlocks(
        urls.map((url) => ({ type: 'image', data: { url, caption: '', float: 'none' } })),
      );
    },
    [ops],
  );

  /** 单图上传: the browser's file picker, then the upload. */
  const pickImage = useCallback(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.onchange = () => {
      const file = input.files?.[0];
      if (file) void uploadImages([file]);
    };
    input.click();
  }, [uploadImages]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || disabled) return undefined;
    const take = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    const onPaste = (event: ClipboardEvent) => {
      const data = event.clipboardData;
      if (sourceOpenRef.current || !data) return;
      const html = data.getData('text/html');
      // The cap before any work (for Editor.js's own paste and a code block's too): what was
      // typed stays as it was.
      const text = html ? '' : data.getData('text/plain');
      if (pasteTooLarge(html, text)) {
        take(event);
        notify.error(
          editorErrors.pasteTooLarge(
            Math.ceil(pastedSize(html, text) / 1024),
            PASTE_LIMIT_CHARS / 1024,
          ),
          EDITOR_LIMITS.uploadErrorShowMs,
        );
        return;
      }
      if (closestOf(event.target, '.re-code')) return;
      const files = imageFiles(data.files);
      if (files.length) {
        take(event);
        void uploadImages(files);
        return;
      }
      if (!html) return;
      if (LOCAL_IMAGE.test(html))
        notify.warn(editorStatus.wordImageHint, EDITOR_LIMITS.uploadErrorShowMs);
      if (closestOf(event.target, '.re-table') || !BLOCK_MARKUP.test(html)) return;
      take(event);
      // Remote images are captured before anything shows them (../remote-images).
      void ownHtml(html).then(async (own) => {
        // User Timing: DevTools' performance panel and scripts/bench-paste.ts read the phases.
        const start = performance.now();
        const blocks = pastedBlocks(own);
        performance.measure(PASTE_MEASURES.blocks, { start });
        await ops.insertPastedBlocks(blocks);
        performance.measure(PASTE_MEASURES.inserted, { start });
      });
    };
    const onDrop = (event: DragEvent) => {
      const files = imageFiles(event.dataTransfer?.files);
      if (!files.length) return;
      take(event);
      void uploadImages(files);
    };
    frame.addEventListener('paste', onPaste, true);
    frame.addEventListener('drop', onDrop, true);
    return () => {
      frame.removeEventListener('paste', onPaste, true);
      frame.removeEventListener('drop', onDrop, true);
    };
  }, [frameRef, ops, ownHtml, disabled, uploadImages, sourceOpenRef]);

  return { uploadImages, pickImage };
}
