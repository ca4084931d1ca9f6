/**
 * One Editor.js instance with the project's tools, Chinese messages and its undo history
 * (./history: one step per user action, 20 kept). Each mount gets its own holder element and
 * its own registries (StrictMode mounts twice: never share an instance between mounts; destroy
 * only after isReady).
 */
import EditorJS, {
  type BlockToolConstructable,
  type EditorConfig,
  type OutputBlockData,
  type OutputData,
} from '@editorjs/editorjs';
import Header from '@editorjs/header';
import List from '@editorjs/list';
import Paragraph from '@editorjs/paragraph';
import Underline from '@editorjs/underline';
import { editorJsMessages } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { HistoryRecorder, listenForActions } from './history/history-recorder';
import type { EditorBlock } from './model/blocks';
import { LinkInlineTool, StyleInlineTool } from './tools/inline-tools';
import { AttachmentTool, ImageTool, VideoTool } from './tools/media-tools';
import { ChartTool, CodeTool, PageBreakTool, RawHtmlTool } from './tools/other-tools';
import { InstanceRegistry } from './tools/registry';
import { TableTool } from './tools/table-tool';
import { AlignmentTune, SpacingTune, type TuneConfig } from './tools/tunes';

const INLINE = ['bold', 'italic', 'underline', 'link', 'style'];
const TUNES = ['alignment', 'spacing'];

export interface EditorHandle {
  editor: EditorJS;
  /** The undo history: one step per user action, 20 kept. */
  history: HistoryRecorder<OutputBlockData>;
  /** The tunes and image blocks by block id (toolbar and hint popup reach them here). */
  tunes: InstanceRegistry<AlignmentTune | SpacingTune>;
  images: InstanceRegistry<ImageTool>;
  /** Resolves when the instance is ready; the handle is usable from then on. */
  ready: Promise<void>;
  /** Destroys after isReady (safe to call at any time, once). */
  dispose: () => void;
}

export interface CreateEditorOptions {
  holder: HTMLElement;
  blocks: EditorBlock[];
  readOnly?: boolean;
  placeholder?: string;
  onChange: () => void;
  onLinkOpen: () => void;
}

export function createEditor(options: CreateEditorOptions): EditorHandle {
  const tunes = new InstanceRegistry<AlignmentTune | SpacingTune>();
  const images = new InstanceRegistry<ImageTool>();
  const text = { inlineToolbar: INLINE, tunes: TUNES };
  const tuneConfig: TuneConfig = { register: (key, tune) => tunes.set(key, tune) };
  const data: OutputData = { blocks: options.blocks };
  // Focusable from script only: it holds the keyboard while 撤销/重做 replaces the blocks.
  options.holder.tabIndex = -1;
  const editor = new EditorJS({
    holder: options.holder,
    data,
    readOnly: options.readOnly ?? false,
    minHeight: 40,
    placeholder: options.placeholder ?? editorUi.placeholder,
    defaultBlock: 'paragraph',
    // The LogLevels enum exists only in the typings; the string is what Editor.js reads.
    logLevel: 'ERROR' as EditorConfig['logLevel'],
    i18n: { messages: editorJsMessages },
    tools: {
      // @editorjs/paragraph types its constructor's `config` as required while Editor.js's
      // BlockToolConstructable passes it optionally; the config is always given right here.
      paragraph: {
        class: Paragraph as BlockToolConstructable,
        ...text,
        config: { preserveBlank: true },
      },
      header: {
        class: Header,
        ...text,
        config: { levels: [1, 2, 3, 4, 5, 6], defaultLevel: 2 },
      },
      list: { class: List, ...text, config: { defaultStyle: 'unordered' } },
      underline: Underline,
      link: { class: LinkInlineTool, config: { onOpen: options.onLinkOpen } },
      style: StyleInlineTool,
      table: { class: TableTool, inlineToolbar: INLINE },
      image: {
        class: ImageTool,
        inlineToolbar: INLINE,
        config: { register: (id: string, tool: ImageTool) => images.set(id, tool) },
      },
      attachment: AttachmentTool,
      code: CodeTool,
      video: VideoTool,
      pagebreak: PageBreakTool,
      chart: ChartTool,
      raw: RawHtmlTool,
      alignment: { class: AlignmentTune, config: tuneConfig },
      spacing: { class: SpacingTune, config: tuneConfig },
    },
    onChange: () => {
      options.onChange();
      history.changed();
    },
  });
  const history = new HistoryRecorder<OutputBlockData>({
    save: async () => (await editor.save()).blocks,
    render: async (blocks) => {
      await editor.render({ blocks: [...blocks] });
      // The inline toolbar was for a selection in blocks that are gone: left open, it floats
      // over the new content until Editor.js notices, a second or so later.
      editor.inlineToolbar.close();
    },
    isReadOnly: () => editor.readOnly.isEnabled,
    focus: (index) => {
      editor.caret.setToBlock(index, 'end');
    },
    holdKeys: () => {
      // Only a focus already in the editor (a click on 撤销 leaves it on the button).
      if (options.holder.contains(document.activeElement)) {
        options.holder.focus({ preventScroll: true });
      }
    },
  });
  let unlisten: (() => void) | undefined;
  let disposed = false;
  // The history starts from the blocks Editor.js shows (a new document: one empty paragraph).
  const ready = editor.isReady.then(async () => {
    await history.start();
    if (!disposed) unlisten = listenForActions(history, options.holder);
  });
  const handle: EditorHandle = {
    editor,
    history,
    tunes,
    images,
    ready,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      unlisten?.();
      history.stop();
      void ready.then(() => editor.destroy()).catch(() => undefined);
    },
  };
  return handle;
}
