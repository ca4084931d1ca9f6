/**
 * Which editor-internal dialog is open and what it starts from. Each opening counts, so the
 * dialog is remounted (a new key) with fields filled from the values given now: resetting them in
 * onShow would wipe what was typed before the opening animation ended.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { LinkValue } from '../dialogs/link-dialog';
import { linkAt } from '../dom-commands';
import type { EditorOps } from '../editor-ops';
import type { ImageData } from '../model/blocks';
import { TABLE_CHART_EVENT, isTableChartDetail, type TableChartDetail } from '../tools/table-data';

export type DialogName =
  | 'link'
  | 'anchor'
  | 'image'
  | 'video'
  | 'search'
  | 'specialChars'
  | 'emoticon'
  | 'preview'
  | 'template'
  | 'table'
  | 'chart'
  | 'libraryImage'
  | 'libraryFile';

export const EMPTY_LINK: LinkValue = { href: '', text: '', title: '', newWindow: false };
export const EMPTY_IMAGE: ImageData = { url: '', caption: '', float: 'none' };

interface DialogState {
  name: DialogName | undefined;
  opening: number;
  link: LinkValue;
  image: ImageData;
  /** The image block the image dialog changes (none: it inserts a new one). */
  imageTarget: string | undefined;
  chart: TableChartDetail | undefined;
  previewHtml: string;
}

export interface EditorDialogs extends Readonly<DialogState> {
  show: (name: DialogName) => void;
  close: () => void;
  /** 超链接: the link under the kept selection, or a new one with the selected text. */
  showLink: () => void;
  /** 修改 on an image: its values, for that block. */
  showImage: (initial: ImageData, target: string) => void;
  showPreview: (html: string) => void;
}

export function useEditorDialogs(options: {
  frameRef: RefObject<HTMLDivElement | null>;
  ops: EditorOps;
}): EditorDialogs {
  const { frameRef, ops } = options;
  const [state, setState] = useState<DialogState>({
    name: undefined,
    opening: 0,
    link: EMPTY_LINK,
    image: EMPTY_IMAGE,
    imageTarget: undefined,
    chart: undefined,
    previewHtml: '',
  });

  const open = useCallback(
    (name: DialogName, values: Partial<DialogState> = {}) =>
      setState((s) => ({ ...s, ...values, name, opening: s.opening + 1 })),
    [],
  );

  // The table's "chart" button.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const onChart = (event: Event) => {
      if (event instanceof CustomEvent && isTableChartDetail(event.detail))
        open('chart', { chart: event.detail });
    };
    frame.addEventListener(TABLE_CHART_EVENT, onChart);
    return () => frame.removeEventListener(TABLE_CHART_EVENT, onChart);
  }, [frameRef, open]);

  const showLink = useCallback(() => {
    const range = ops.restoreRange();
    const existing = range ? linkAt(range.startContainer) : undefined;
    open('link', {
      link: existing
        ? {
            href: existing.getAttribute('href') ?? '',
            text: existing.textContent ?? '',
            title: existing.title,
            newWindow: existing.target === '_blank',
          }
        : { ...EMPTY_LINK, text: range?.toString() ?? '' },
    });
  }, [ops, open]);

  return {
    ...state,
    show: open,
    close: useCallback(() => setState((s) => ({ ...s, name: undefined })), []),
    showLink,
    showImage: useCallback(
      (image: ImageData, imageTarget: string) => open('image', { image, imageTarget }),
      [open],
    ),
    showPreview: useCallback((previewHtml: string) => open('preview', { previewHtml }), [open]),
  };
}
