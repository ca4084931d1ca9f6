/**
 * The rich-text editor: the project's toolbar over one Editor.js instance, whose value is the
 * HTML the server stores (through the codec in ./html). Adds what Editor.js lacks: source view,
 * fullscreen, resize handle, search/replace, drafts with the saved notice, the word count, the
 * image/link hint popup, paste/drop image upload with remote image capture, and the
 * editor-internal dialogs. Loaded lazily (./lazy.tsx): nothing here is reachable from /login.
 */
import './rich-editor.css';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { Button } from 'primereact/button';
import { notify } from '@/lib/notify';
import { uploadToUeditor } from '@/lib/ueditor';
import { editorPopup, editorStatus, editorToolbar } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { chartProblem } from './chart-rules';
import {
  AnchorDialog,
  CharPickerDialog,
  ChartDialog,
  ImageDialog,
  LinkDialog,
  PreviewDialog,
  SearchReplaceDialog,
  TableDialog,
  TemplateDialog,
  VideoDialog,
  type LinkValue,
} from './dialogs';
import {
  SelectionKeeper,
  applyInlineStyle,
  applyLink,
  escapeHtml,
  execInline,
  findNext,
  insertAnchor,
  insertInlineHtml,
  linkAt,
  replaceAllText,
} from './dom-commands';
import {
  createDraftStore,
  createSavedNotice,
  type Draft,
  type DraftStore,
  type SavedNotice,
} from './drafts';
import type { ControlProps } from '../form/controls/types';
import { blocksToHtml, htmlToBlocks, sanitizeEditorHtml, storedHtmlOf, videoEmbed } from './html';
import { installImeGuard } from './ime';
import { useRemoteImages } from './remote-images';
import { createEditor, type EditorHandle } from './instance';
import {
  EDITOR_LIMITS,
  type ChartType,
  type EditorBlock,
  type EditorDocument,
  type ImageData,
  type ImageFloat,
  type TableData,
  type TextAlignment,
} from './model/blocks';
import { createTable } from './tools/table-grid';
import { TABLE_CHART_EVENT, type TableChartDetail } from './tools/table-tool';
import { AlignmentTune, SpacingTune } from './tools/tunes';
import { EditorToolbar, type ToolbarActions, type ToolbarCommand } from './toolbar';
import { checkWordLimit } from './word-count';
import type { AttachmentValue } from '@/core/attachment';
import { displayFileName } from '@/lib/format';

const AttachmentLibraryDialog = lazy(
  () => import('@/components/attachment-library/attachment-library-dialog'),
);

export interface RichEditorProps {
  /** DOM id of the editing region (a form label points at it). */
  id: string;
  /** The field's name, for the region's accessible name. */
  label: string;
  /** Stored HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Frame size in px; width undefined fills the line. Defaults: 300 high (spec section 9). */
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
  /** Word count with the limit and the overflow message (the product setting turns it off). */
  wordCount?: boolean;
  wordLimit?: number;
  /** The resize handle (UEditor's "scaling"). */
  scaling?: boolean;
  /** Keeps drafts under the page address + this id (the form field name). */
  draftId?: string;
  /** From the form: lets a submit wait for the latest HTML and clear the draft once saved. */
  registerBeforeSubmit?: ControlProps['registerBeforeSubmit'];
}

type DialogName =
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

type Hint =
  | { kind: 'image'; blockId: string; top: number; left: number }
  | { kind: 'link'; anchor: HTMLAnchorElement; top: number; left: number };

const EMPTY_LINK: LinkValue = { href: '', text: '', title: '', newWindow: false };
const EMPTY_IMAGE: ImageData = { url: '', caption: '', float: 'none' };
/** Editor.js fires onChange per mutation batch; the HTML is rebuilt after a short calm. */
const EMIT_DELAY_MS = 120;
/** The frame layer above the layout (product setting: layer value 2000). */
const FULLSCREEN_LAYER = 2000;

/** Uploads one file through /ueditor/ue; errors are shown by the client (4 s). */
async function uploadEditorFile(file: File, kind: 'image' | 'file'): Promise<string | undefined> {
  const result = await uploadToUeditor(file, kind);
  return result.ok ? result.url : undefined;
}

/** The page address drafts are kept under (the route and its query). */
function pageAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function toBlocks(html: string): EditorBlock[] {
  if (!html || !html.trim()) return [];
  return htmlToBlocks(html).blocks;
}

/** A link hint shows the address cut to 20 characters plus an ellipsis when longer than 30. */
export function linkHintText(href: string): string {
  return href.length > 30 ? `${href.slice(0, 20)}…` : href;
}

export function RichEditor(props: RichEditorProps) {
  const {
    id,
    label,
    value,
    disabled = false,
    invalid = false,
    wordCount = true,
    wordLimit = EDITOR_LIMITS.wordLimit,
    scaling = true,
    minWidth = 0,
    minHeight = 100,
    draftId,
    registerBeforeSubmit,
  } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<EditorHandle | undefined>(undefined);
  const keeperRef = useRef<SelectionKeeper | undefined>(undefined);
  const lastHtml = useRef(value);
  const onChangeRef = useRef(props.onChange);
  const draftRef = useRef<DraftStore | undefined>(undefined);
  const noticeRef = useRef<SavedNotice | undefined>(undefined);
  const emitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /**
   * The source view's text while it is shown (and until the blocks show it again): the content
   * then lives here, not in Editor.js, so every hand-over to the form reads it from here.
   */
  const sourceRef = useRef<string | undefined>(undefined);
  const sourceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const remote = useRemoteImages();

  const [ready, setReady] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [source, setSource] = useState<string | undefined>(undefined);
  const [size, setSize] = useState({
    width: props.width,
    height: props.height ?? EDITOR_LIMITS.otherHeight,
  });
  const [dialog, setDialogState] = useState<DialogName | undefined>(undefined);
  /** Each opening remounts the dialog, so its fields start from the values given now. */
  const [opening, setOpening] = useState(0);
  const setDialog = (next: DialogName | undefined) => {
    if (next) setOpening((n) => n + 1);
    setDialogState(next);
  };
  const [linkInitial, setLinkInitial] = useState<LinkValue>(EMPTY_LINK);
  const [imageInitial, setImageInitial] = useState<ImageData>(EMPTY_IMAGE);
  const [imageTarget, setImageTarget] = useState<string | undefined>(undefined);
  const [chartTable, setChartTable] = useState<TableChartDetail | undefined>(undefined);
  const [previewHtml, setPreviewHtml] = useState('');
  const [hint, setHint] = useState<Hint | undefined>(undefined);
  const [draftOffer, setDraftOffer] = useState<Draft | undefined>(() => {
    if (!draftId || disabled) return undefined;
    const draft = createDraftStore({ address: pageAddress(), editorId: draftId }).load();
    return draft && draft.html !== value ? draft : undefined;
  });
  const [savedVisible, setSavedVisible] = useState(false);
  // The form holds the latest HTML (every change is handed to it), so the count follows it.
  const words = useMemo(
    () => (wordCount ? checkWordLimit(value, wordLimit) : undefined),
    [value, wordCount, wordLimit],
  );

  /** Hands HTML to the form (and the draft) when it differs from what the form holds. */
  const emitHtml = useCallback((html: string): string => {
    if (html !== lastHtml.current) {
      lastHtml.current = html;
      onChangeRef.current(html);
      draftRef.current?.save(html);
    }
    return html;
  }, []);

  /**
   * Hands the source view's text over as the editor would store it (sanitised, through the
   * codec). The form's value follows the source view, so a submit, the draft and the form's
   * unsaved-input question all see a source edit as they see typing in the blocks.
   */
  const emitSource = useCallback((): string | undefined => {
    if (sourceTimer.current) clearTimeout(sourceTimer.current);
    sourceTimer.current = undefined;
    const text = sourceRef.current;
    return text === undefined ? undefined : emitHtml(storedHtmlOf(text));
  }, [emitHtml]);

  /** Saves the blocks to HTML and hands it to the form (and the draft). */
  const emitNow = useCallback(async (): Promise<string | undefined> => {
    // In source view the blocks are stale: a late change event of Editor.js must not hand them
    // over in place of the source.
    if (sourceRef.current !== undefined) return emitSource();
    const handle = handleRef.current;
    if (!handle) return undefined;
    await handle.ready;
    // Read-only (the form is submitting) cannot save; the value the form holds is current.
    if (handle.editor.readOnly.isEnabled) return lastHtml.current;
    const doc = (await handle.editor.save()) as EditorDocument;
    if (sourceRef.current !== undefined) return emitSource();
    return emitHtml(blocksToHtml(doc));
  }, [emitHtml, emitSource]);

  const scheduleEmit = useCallback(() => {
    if (emitTimer.current) clearTimeout(emitTimer.current);
    emitTimer.current = setTimeout(() => void emitNow(), EMIT_DELAY_MS);
  }, [emitNow]);

  /** Created for a disabled form: read-only, without toolbar. A later `disabled` is a submit. */
  const [viewOnly, setViewOnly] = useState(disabled);
  if (viewOnly && !disabled) setViewOnly(false);

  const openLinkRef = useRef<() => void>(() => undefined);
  const disabledRef = useRef(disabled);

  // One Editor.js per mount, on its own holder (StrictMode mounts twice).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    let alive = true;
    const holder = document.createElement('div');
    holder.className = 're-holder';
    frame.append(holder);
    const handle = createEditor({
      holder,
      blocks: toBlocks(lastHtml.current),
      readOnly: disabledRef.current,
      onChange: () => scheduleEmit(),
      onLinkOpen: () => openLinkRef.current(),
    });
    handleRef.current = handle;
    const keeper = new SelectionKeeper(holder);
    keeperRef.current = keeper;
    const stopKeeper = keeper.start();
    const stopIme = installImeGuard(frame);
    void handle.ready.then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
      stopKeeper();
      stopIme();
      if (emitTimer.current) clearTimeout(emitTimer.current);
      // Stopped, not forgotten: the drafts' clean-up keeps a pending source edit in the draft.
      if (sourceTimer.current) clearTimeout(sourceTimer.current);
      if (handleRef.current === handle) handleRef.current = undefined;
      handle.dispose();
      // Editor.js is destroyed only once ready, so this holder stays a moment: hidden at once,
      // so nobody types into an editor that is going away (a remount leaves two for a moment).
      holder.hidden = true;
      void handle.ready.finally(() => holder.remove());
      setReady(false);
    };
  }, [scheduleEmit]);

  // Disabled while the form submits makes the editor inert (no typing, no focus; see the root),
  // not Editor.js read-only: that re-renders every block, and a submit refused by validation at
  // once toggled it back while the first re-render ran, which could drop the content. Only an
  // editor created for a disabled form is read-only, and switched to editing once enabled.
  useEffect(() => {
    const handle = handleRef.current;
    if (!ready || !handle || viewOnly || !handle.editor.readOnly.isEnabled) return;
    void handle.editor.readOnly.toggle(false);
  }, [viewOnly, ready]);

  // A value set from outside (form reset, record loaded later) replaces the content, in the
  // source view too (leaving it would otherwise bring the old text back).
  useEffect(() => {
    const handle = handleRef.current;
    if (!ready || !handle || value === lastHtml.current) return;
    lastHtml.current = value;
    const inSource = sourceRef.current !== undefined;
    if (inSource) {
      if (sourceTimer.current) clearTimeout(sourceTimer.current);
      sourceTimer.current = undefined;
      sourceRef.current = value;
    }
    void handle.editor.render({ blocks: toBlocks(value) }).then(() => {
      if (inSource && sourceRef.current === value) setSource(value);
    });
  }, [value, ready]);

  // Remote images of loaded HTML are captured, then the content is shown again with the copies.
  const { ownHtml, ownUrls } = remote;
  useEffect(() => {
    const handle = handleRef.current;
    const loaded = lastHtml.current;
    if (!ready || !handle || viewOnly) return undefined;
    let current = true;
    void ownHtml(loaded).then((own) => {
      if (!current || own === loaded || lastHtml.current !== loaded) return;
      void handle.editor.render({ blocks: toBlocks(own) }).then(() => emitNow());
    });
    return () => {
      current = false;
    };
  }, [value, ready, viewOnly, ownHtml, emitNow]);

  // Drafts: offered back when one exists that differs from the loaded value; cleared once the
  // server accepted the save (see the before-submit step below; a refused save keeps the draft).
  useEffect(() => {
    if (!draftId || disabledRef.current) return undefined;
    const notice = createSavedNotice({ onChange: setSavedVisible });
    const store = createDraftStore({
      address: pageAddress(),
      editorId: draftId,
      onSaved: () => notice.saved(),
    });
    if (store.load()?.html === lastHtml.current) store.clear();
    draftRef.current = store;
    noticeRef.current = notice;
    const onHide = () => {
      // A source edit still waiting for its hand-over goes into the draft first.
      if (sourceTimer.current) emitSource();
      store.flush();
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      // Closing with a source edit not yet handed over keeps it in the draft (not in the form,
      // which is going away as well).
      const text = sourceRef.current;
      if (sourceTimer.current && text !== undefined) store.save(storedHtmlOf(text));
      store.dispose();
      notice.dispose();
      draftRef.current = undefined;
      noticeRef.current = undefined;
    };
  }, [draftId, emitSource]);

  // Editor.js saves asynchronously and reports changes late: a submit first takes the HTML from
  // the blocks as they are now. The draft store is captured here, so the save that succeeds
  // clears it even when the dialog has closed (and unmounted this editor) by then.
  useEffect(() => {
    if (!registerBeforeSubmit) return undefined;
    return registerBeforeSubmit(async () => {
      if (emitTimer.current) clearTimeout(emitTimer.current);
      const text = sourceRef.current;
      if (text === undefined) await emitNow();
      else {
        // Submitted in source view: what the source holds is saved, its remote images captured
        // first (as leaving the source view would); the source shows the copies' addresses.
        const own = await ownHtml(text);
        if (own !== text && sourceRef.current === text) {
          sourceRef.current = own;
          setSource(own);
        }
        emitHtml(storedHtmlOf(own));
      }
      const store = draftRef.current;
      if (!store) return undefined;
      return () => {
        store.clear();
        setDraftOffer(undefined);
      };
    });
  }, [registerBeforeSubmit, emitNow, emitHtml, ownHtml]);

  // Fullscreen: no scaling, no auto-height; the page behind does not scroll. Leaving restores.
  useEffect(() => {
    if (!fullscreen) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !dialog) setFullscreen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [fullscreen, dialog]);

  // ---- blocks -------------------------------------------------------------------------------

  const currentBlockId = (): string | undefined => {
    const el = keeperRef.current?.anchorElement();
    return el?.closest<HTMLElement>('.ce-block')?.dataset.id;
  };

  const insertBlocks = async (blocks: EditorBlock[]) => {
    const handle = handleRef.current;
    if (!handle || blocks.length === 0) return;
    await handle.ready;
    const api = handle.editor.blocks;
    const currentId = currentBlockId();
    let index = currentId ? api.getBlockIndex(currentId) + 1 : api.getBlocksCount();
    for (const block of blocks) {
      const inserted = api.insert(block.type, block.data, undefined, index, true);
      // Editor.js's insert takes no tunes: a template's or a pasted page's alignment and
      // spacing are set on the new block's tunes (created with the block, so already there).
      const { alignment, spacing } = block.tunes ?? {};
      const align = handle.tunes.get(`align:${inserted.id}`);
      if (alignment && align instanceof AlignmentTune) align.set(alignment.alignment);
      const space = handle.tunes.get(`spacing:${inserted.id}`);
      if (spacing && space instanceof SpacingTune)
        for (const key of ['marginTop', 'marginBottom', 'lineHeight'] as const)
          if (spacing[key] !== undefined) space.set(key, spacing[key]);
      index += 1;
    }
    scheduleEmit();
  };

  const convertCurrent = async (
    type: 'list' | 'header' | 'paragraph',
    data: Record<string, unknown>,
  ) => {
    const handle = handleRef.current;
    const blockId = currentBlockId();
    if (!handle || !blockId) return;
    const block = handle.editor.blocks.getById(blockId);
    if (!block) return;
    if (block.name === type) {
      const saved = await block.save();
      await handle.editor.blocks.update(blockId, { ...(saved?.data ?? {}), ...data });
    } else {
      await handle.editor.blocks.convert(blockId, type, data);
    }
    scheduleEmit();
  };

  const withRange = (run: (range: Range) => void) => {
    const range = keeperRef.current?.restore();
    if (range) run(range);
  };

  // ---- uploads --------------------------------------------------------------------------------

  const uploadImages = async (files: File[]) => {
    const urls: string[] = [];
    for (const file of files) {
      const url = await uploadEditorFile(file, 'image');
      if (url) urls.push(url);
    }
    await insertBlocks(
      urls.map((url) => ({
        type: 'image',
        data: { url, caption: '', float: 'none' as ImageFloat },
      })),
    );
  };

  const pickFile = (accept: string, onFile: (file: File) => void) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.onchange = () => {
      const file = input.files?.[0];
      if (file) onFile(file);
    };
    input.click();
  };

  // Paste and drop: image files upload; pasted pages with blocks go through the codec.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || disabled) return undefined;
    const imageFiles = (list: FileList | undefined | null) =>
      Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
    const onPaste = (event: ClipboardEvent) => {
      if (source !== undefined) return;
      const data = event.clipboardData;
      if (!data) return;
      const inCode = (event.target as Element | null)?.closest?.('.re-code');
      if (inCode) return;
      const files = imageFiles(data.files);
      if (files.length) {
        event.preventDefault();
        event.stopImmediatePropagation();
        void uploadImages(files);
        return;
      }
      const html = data.getData('text/html');
      if (!html) return;
      if (/<img[^>]+src=["']?file:/i.test(html))
        notify.warn(editorStatus.wordImageHint, EDITOR_LIMITS.uploadErrorShowMs);
      const insideTable = (event.target as Element | null)?.closest?.('.re-table');
      if (insideTable || !/<(table|img|h[1-6]|ul|ol|pre|video|iframe|figure|hr)\b/i.test(html))
        return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // Remote images are captured before anything shows them (./remote-images).
      void remote.ownHtml(html).then((own) => insertBlocks(toBlocks(sanitizeEditorHtml(own))));
    };
    const onDrop = (event: DragEvent) => {
      const files = imageFiles(event.dataTransfer?.files);
      if (!files.length) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void uploadImages(files);
    };
    frame.addEventListener('paste', onPaste, true);
    frame.addEventListener('drop', onDrop, true);
    return () => {
      frame.removeEventListener('paste', onPaste, true);
      frame.removeEventListener('drop', onDrop, true);
    };
  });

  // The table's "chart" button.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const onChart = (event: Event) => {
      setChartTable((event as CustomEvent<TableChartDetail>).detail);
      setDialog('chart');
    };
    frame.addEventListener(TABLE_CHART_EVENT, onChart);
    return () => frame.removeEventListener(TABLE_CHART_EVENT, onChart);
  }, []);

  // The hint popup on a clicked image or link.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      // The popup's own buttons: closing it here (before React's handler runs, a user click
      // re-renders in between) would unmount the button and its action would never run.
      if (target.closest('.rich-editor__hint')) return;
      const frameBox = frame.getBoundingClientRect();
      const place = (el: Element) => {
        const box = el.getBoundingClientRect();
        return {
          top: box.bottom - frameBox.top + frame.scrollTop + 4,
          left: Math.max(0, box.left - frameBox.left),
        };
      };
      const img = target.closest('.re-image img');
      if (img) {
        const blockId = img.closest<HTMLElement>('.ce-block')?.dataset.id;
        if (blockId) setHint({ kind: 'image', blockId, ...place(img) });
        return;
      }
      const anchor = linkAt(target);
      if (anchor && frame.contains(anchor)) {
        setHint({ kind: 'link', anchor, ...place(anchor) });
        return;
      }
      setHint(undefined);
    };
    frame.addEventListener('click', onClick);
    return () => frame.removeEventListener('click', onClick);
  }, []);

  // ---- toolbar ---------------------------------------------------------------------------------

  const openLink = () => {
    const range = keeperRef.current?.restore();
    const existing = range ? linkAt(range.startContainer) : undefined;
    setLinkInitial(
      existing
        ? {
            href: existing.getAttribute('href') ?? '',
            text: existing.textContent ?? '',
            title: existing.title,
            newWindow: existing.target === '_blank',
          }
        : { ...EMPTY_LINK, text: range?.toString() ?? '' },
    );
    setDialog('link');
  };
  // The latest callbacks for the Editor.js instance, which lives across renders.
  useLayoutEffect(() => {
    onChangeRef.current = props.onChange;
    disabledRef.current = disabled;
    openLinkRef.current = openLink;
  });

  const toggleSource = async () => {
    const handle = handleRef.current;
    if (!handle) return;
    const text = sourceRef.current;
    if (text === undefined) {
      const html = (await emitNow()) ?? lastHtml.current;
      setHint(undefined);
      sourceRef.current = html;
      setSource(html);
      return;
    }
    // Back from the source: only what the sanitiser lets through reaches the editor.
    if (sourceTimer.current) clearTimeout(sourceTimer.current);
    sourceTimer.current = undefined;
    const clean = sanitizeEditorHtml(await remote.ownHtml(text));
    setSource(undefined);
    await handle.editor.render({ blocks: toBlocks(clean) });
    // The blocks hold the content again only now: until then a hand-over reads the source.
    sourceRef.current = undefined;
    await emitNow();
  };

  const run = (command: ToolbarCommand) => {
    const handle = handleRef.current;
    switch (command) {
      case 'fullscreen':
        setFullscreen((on) => !on);
        return;
      case 'source':
        void toggleSource();
        return;
      case 'undo':
        if (handle) void Promise.resolve(handle.undo.undo()).then(scheduleEmit);
        return;
      case 'redo':
        if (handle) void Promise.resolve(handle.undo.redo()).then(scheduleEmit);
        return;
      case 'bold':
      case 'italic':
      case 'underline':
        withRange(() => execInline(command));
        return;
      case 'fontBorder':
        withRange((range) => applyInlineStyle(range, 'border', '1px solid #000000'));
        return;
      case 'orderedList':
      case 'unorderedList':
        void convertCurrent('list', { style: command === 'orderedList' ? 'ordered' : 'unordered' });
        return;
      case 'link':
        openLink();
        return;
      case 'unlink':
        withRange((range) => {
          const anchor = linkAt(range.startContainer);
          if (anchor && range.collapsed) range.selectNodeContents(anchor);
          const selection = document.getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range);
          execInline('unlink');
        });
        return;
      case 'anchor':
        setDialog('anchor');
        return;
      case 'attachment':
        setDialog('libraryFile');
        return;
      case 'simpleUpload':
        pickFile('image/*', (file) => void uploadImages([file]));
        return;
      case 'insertImage':
        setDialog('libraryImage');
        return;
      case 'emoticon':
        setDialog('emoticon');
        return;
      case 'table':
        setDialog('table');
        return;
      case 'code':
        void insertBlocks([{ type: 'code', data: { code: '', language: 'plaintext' } }]);
        return;
      case 'pageBreak':
        void insertBlocks([{ type: 'pagebreak', data: {} }]);
        return;
      case 'video':
        setDialog('video');
        return;
      case 'searchReplace':
        setDialog('search');
        return;
      case 'specialChars':
        setDialog('specialChars');
        return;
      case 'preview':
        void emitNow().then((html) => {
          setPreviewHtml(html ?? lastHtml.current);
          setDialog('preview');
        });
        return;
      case 'template':
        setDialog('template');
        return;
    }
  };

  const actions: ToolbarActions = {
    run,
    align: (alignment: TextAlignment) => {
      const tune = handleRef.current?.tunes.get(`align:${currentBlockId() ?? ''}`);
      if (tune instanceof AlignmentTune) tune.set(alignment);
    },
    color: (kind, color) => withRange((range) => applyInlineStyle(range, kind, color)),
    font: (kind, fontValue) => withRange((range) => applyInlineStyle(range, kind, fontValue)),
    spacing: (kind, n) => {
      const tune = handleRef.current?.tunes.get(`spacing:${currentBlockId() ?? ''}`);
      if (tune instanceof SpacingTune) tune.set(kind, n);
    },
    heading: (level) =>
      void (level ? convertCurrent('header', { level }) : convertCurrent('paragraph', {})),
  };

  const closeDialog = () => setDialog(undefined);

  const insertChars = (text: string) => {
    closeDialog();
    withRange((range) => insertInlineHtml(range, escapeHtml(text)));
  };

  // ---- resize handle ---------------------------------------------------------------------------

  const startResize = (event: React.PointerEvent<HTMLDivElement>) => {
    const frame = rootRef.current;
    if (!frame) return;
    event.preventDefault();
    const startX = event.clientX;
    const startY = event.clientY;
    const box = frame.getBoundingClientRect();
    const startHeight = size.height;
    const onMove = (move: PointerEvent) => {
      setSize({
        width: Math.max(minWidth, Math.round(box.width + move.clientX - startX)),
        height: Math.max(minHeight, Math.round(startHeight + move.clientY - startY)),
      });
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  const resizeByKey = (event: React.KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 20 : event.key === 'ArrowUp' ? -20 : 0;
    if (!step) return;
    event.preventDefault();
    setSize((s) => ({ ...s, height: Math.max(minHeight, s.height + step) }));
  };

  // ---- render ----------------------------------------------------------------------------------

  const rootStyle: CSSProperties = fullscreen
    ? { zIndex: FULLSCREEN_LAYER }
    : // The minimum frame binds the resize handle only: a narrower dialog still fits the editor.
      { width: size.width, maxWidth: '100%' };
  const frameStyle: CSSProperties = fullscreen
    ? {}
    : { height: size.height, minHeight: Math.min(minHeight, size.height) };
  const hintImage = (blockId: string) => handleRef.current?.images.get(blockId);

  return (
    <div
      ref={rootRef}
      className={`rich-editor${fullscreen ? ' rich-editor--fullscreen' : ''}${invalid ? ' rich-editor--invalid' : ''}`}
      style={rootStyle}
      data-ready={ready ? 'true' : 'false'}
      inert={(disabled && !viewOnly) || remote.capturing}
    >
      {!viewOnly && (
        <EditorToolbar actions={actions} state={{ fullscreen, source: source !== undefined }} />
      )}
      {draftOffer && (
        <div className="rich-editor__draft" role="alert">
          <span>
            {editorStatus.draftOffer(
              new Date(draftOffer.savedAt).toLocaleString('zh-CN', { hour12: false }),
            )}
          </span>
          <Button
            type="button"
            size="small"
            label={editorStatus.draftRestore}
            onClick={() => {
              const handle = handleRef.current;
              setDraftOffer(undefined);
              if (sourceRef.current !== undefined) {
                // In source view the draft goes where the content is: into the source.
                sourceRef.current = draftOffer.html;
                setSource(draftOffer.html);
                emitSource();
                notify.success(editorStatus.draftRestored);
                return;
              }
              if (!handle) return;
              void handle.editor
                .render({ blocks: toBlocks(draftOffer.html) })
                .then(() => emitNow());
              notify.success(editorStatus.draftRestored);
            }}
          />
          <Button
            type="button"
            size="small"
            text
            label={editorStatus.draftDiscard}
            onClick={() => {
              draftRef.current?.clear();
              setDraftOffer(undefined);
            }}
          />
        </div>
      )}
      <div
        ref={frameRef}
        id={id}
        className="rich-editor__frame"
        style={{ ...frameStyle, display: source === undefined ? undefined : 'none' }}
        role="group"
        aria-label={label}
        aria-invalid={invalid || undefined}
        tabIndex={-1}
        onBlur={props.onBlur}
      >
        {!ready && <small className="rich-editor__loading">{editorUi.loading}</small>}
        {hint && (
          <div
            className="rich-editor__hint"
            role="toolbar"
            aria-label={editorUi.hint.label}
            style={{ top: hint.top, left: hint.left }}
          >
            {hint.kind === 'image' ? (
              <>
                {(['none', 'left', 'right', 'center'] as const).map((f) => (
                  <Button
                    key={f}
                    type="button"
                    size="small"
                    text
                    label={
                      {
                        none: editorPopup.floatNone,
                        left: editorPopup.floatLeft,
                        right: editorPopup.floatRight,
                        center: editorPopup.floatCenter,
                      }[f]
                    }
                    onClick={() => {
                      hintImage(hint.blockId)?.update({ float: f });
                      setHint(undefined);
                    }}
                  />
                ))}
                <Button
                  type="button"
                  size="small"
                  text
                  label={editorPopup.modify}
                  onClick={() => {
                    setImageInitial(hintImage(hint.blockId)?.value ?? EMPTY_IMAGE);
                    setImageTarget(hint.blockId);
                    setHint(undefined);
                    setDialog('image');
                  }}
                />
                <Button
                  type="button"
                  size="small"
                  text
                  severity="danger"
                  label={editorPopup.delete}
                  onClick={() => {
                    const handle = handleRef.current;
                    if (handle)
                      handle.editor.blocks.delete(handle.editor.blocks.getBlockIndex(hint.blockId));
                    setHint(undefined);
                    scheduleEmit();
                  }}
                />
              </>
            ) : (
              <>
                <a
                  href={hint.anchor.getAttribute('href') ?? undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rich-editor__hint-link"
                >
                  {linkHintText(hint.anchor.getAttribute('href') ?? '')}
                </a>
                <Button
                  type="button"
                  size="small"
                  text
                  label={editorPopup.modify}
                  onClick={() => {
                    const range = document.createRange();
                    range.selectNodeContents(hint.anchor);
                    const selection = document.getSelection();
                    selection?.removeAllRanges();
                    selection?.addRange(range);
                    setHint(undefined);
                    openLink();
                  }}
                />
                <Button
                  type="button"
                  size="small"
                  text
                  label={editorPopup.clear}
                  onClick={() => {
                    hint.anchor.replaceWith(...Array.from(hint.anchor.childNodes));
                    setHint(undefined);
                    scheduleEmit();
                  }}
                />
              </>
            )}
          </div>
        )}
      </div>
      {source !== undefined && (
        <textarea
          className="rich-editor__source"
          aria-label={editorToolbar.source}
          value={source}
          style={frameStyle}
          onChange={(event) => {
            sourceRef.current = event.target.value;
            setSource(event.target.value);
            if (sourceTimer.current) clearTimeout(sourceTimer.current);
            sourceTimer.current = setTimeout(emitSource, EMIT_DELAY_MS);
          }}
          // Leaving the text (a click on 关闭 or 提交) or pressing Escape (which closes the
          // dialog) hands the last keystrokes over at once: the form asks about unsaved input
          // from what it holds.
          onBlur={() => void emitSource()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') emitSource();
          }}
        />
      )}
      <div className="rich-editor__status">
        <span className="rich-editor__saved" role="status">
          {remote.capturing
            ? editorStatus.catchingRemote
            : savedVisible
              ? editorStatus.autosaved
              : ''}
        </span>
        {words && (
          <span
            className={`rich-editor__words${words.over ? ' is-over' : ''}`}
            role={words.over ? 'alert' : undefined}
          >
            {words.message}
          </span>
        )}
        {scaling && !fullscreen && (
          <div
            className="rich-editor__resize"
            role="separator"
            aria-orientation="horizontal"
            // A focusable separator is a control: it tells where it stands (the frame's height).
            aria-valuenow={size.height}
            aria-valuemin={minHeight}
            aria-label={editorToolbar.resize}
            title={editorToolbar.resize}
            tabIndex={0}
            onPointerDown={startResize}
            onKeyDown={resizeByKey}
          />
        )}
      </div>

      <LinkDialog
        key={`link-${opening}`}
        visible={dialog === 'link'}
        onHide={closeDialog}
        initial={linkInitial}
        onSubmit={(link) => {
          closeDialog();
          withRange((range) => applyLink(range, link));
        }}
      />
      <AnchorDialog
        key={`anchor-${opening}`}
        visible={dialog === 'anchor'}
        onHide={closeDialog}
        onSubmit={(name) => {
          closeDialog();
          withRange((range) => insertAnchor(range, name));
        }}
      />
      <ImageDialog
        key={`image-${opening}`}
        visible={dialog === 'image'}
        onHide={closeDialog}
        initial={imageInitial}
        onUpload={(file) => uploadEditorFile(file, 'image')}
        onLibrary={() => setDialog('libraryImage')}
        onSubmit={(image) => {
          closeDialog();
          const target = imageTarget ? handleRef.current?.images.get(imageTarget) : undefined;
          setImageTarget(undefined);
          void ownUrls([image.url]).then((own) => {
            const url = own.get(image.url);
            if (url === undefined) return;
            if (target) target.update({ ...image, url });
            else void insertBlocks([{ type: 'image', data: { ...image, url } }]);
          });
        }}
      />
      <VideoDialog
        key={`video-${opening}`}
        visible={dialog === 'video'}
        onHide={closeDialog}
        accept={(url) => !!videoEmbed(url)}
        onSubmit={(video) => {
          closeDialog();
          void insertBlocks([{ type: 'video', data: video }]);
        }}
      />
      <SearchReplaceDialog
        key={`search-${opening}`}
        visible={dialog === 'search'}
        onHide={closeDialog}
        onFind={(find, matchCase) =>
          !!frameRef.current && findNext(frameRef.current, find, matchCase)
        }
        onReplace={(find, replacement, matchCase) => {
          const selection = document.getSelection();
          const selected = selection?.toString() ?? '';
          const same = matchCase
            ? selected === find
            : selected.toLowerCase() === find.toLowerCase();
          if (same && selection?.rangeCount && frameRef.current?.contains(selection.anchorNode)) {
            const range = selection.getRangeAt(0);
            range.deleteContents();
            range.insertNode(document.createTextNode(replacement));
            scheduleEmit();
          }
          return !!frameRef.current && findNext(frameRef.current, find, matchCase);
        }}
        onReplaceAll={(find, replacement, matchCase) => {
          const n = frameRef.current
            ? replaceAllText(frameRef.current, find, replacement, matchCase)
            : 0;
          if (n) scheduleEmit();
          return n;
        }}
      />
      {(['specialChars', 'emoticon'] as const).map((kind) => (
        <CharPickerDialog
          key={kind}
          kind={kind}
          visible={dialog === kind}
          onHide={closeDialog}
          onPick={insertChars}
        />
      ))}
      <PreviewDialog visible={dialog === 'preview'} onHide={closeDialog} html={previewHtml} />
      <TemplateDialog
        visible={dialog === 'template'}
        onHide={closeDialog}
        onPick={(html, replace) => {
          closeDialog();
          const blocks = toBlocks(html);
          const handle = handleRef.current;
          if (replace && handle) void handle.editor.render({ blocks }).then(() => emitNow());
          else void insertBlocks(blocks);
        }}
      />
      <TableDialog
        key={`table-${opening}`}
        visible={dialog === 'table'}
        onHide={closeDialog}
        onSubmit={(cols, rows) => {
          closeDialog();
          void insertBlocks([{ type: 'table', data: createTable(cols, rows) }]);
        }}
      />
      <ChartDialog
        visible={dialog === 'chart'}
        onHide={closeDialog}
        error={chartTable && chartProblem(chartTable.table) ? editorUi.dialog.chartInvalid : ''}
        onSubmit={(chartType: ChartType, title: string) => {
          closeDialog();
          const table: TableData | undefined = chartTable?.table;
          const handle = handleRef.current;
          if (!table || !handle || !chartTable) return;
          const index = handle.editor.blocks.getBlockIndex(chartTable.blockId) + 1;
          handle.editor.blocks.insert('chart', { chartType, title, table }, undefined, index, true);
          scheduleEmit();
        }}
      />
      {(dialog === 'libraryImage' || dialog === 'libraryFile') && (
        <Suspense fallback={null}>
          <AttachmentLibraryDialog
            visible
            kind={dialog === 'libraryImage' ? 'image' : 'file'}
            limit={99}
            onHide={closeDialog}
            onSelect={(items: AttachmentValue[]) => {
              if (dialog === 'libraryImage') {
                void ownUrls(items.map((item) => item.att_url)).then((own) =>
                  insertBlocks(
                    items
                      .flatMap((item) => {
                        const url = own.get(item.att_url);
                        return url === undefined ? [] : [{ ...item, att_url: url }];
                      })
                      .map((item) => ({
                        type: 'image' as const,
                        data: {
                          url: item.att_url,
                          caption: '',
                          alt: displayFileName(item.att_title),
                          float: 'none' as ImageFloat,
                          ...(typeof item.att_id === 'number' && item.att_id > 0
                            ? { attId: item.att_id }
                            : {}),
                        },
                      })),
                  ),
                );
              } else {
                void insertBlocks(
                  items.map((item) => ({
                    type: 'attachment' as const,
                    data: { url: item.att_url, name: item.att_title },
                  })),
                );
              }
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

export default RichEditor;
