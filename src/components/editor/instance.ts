/**
 * One Editor.js instance with the project's tools, Chinese messages and 20-step undo. Each mount
 * gets its own holder element and its own registries (StrictMode mounts twice: never share an
 * instance between mounts; destroy only after isReady).
 */
import EditorJS, {
  type EditorConfig,
  type I18nDictionary,
  type OutputData,
} from '@editorjs/editorjs';
import Header from '@editorjs/header';
import List from '@editorjs/list';
import Paragraph from '@editorjs/paragraph';
import Underline from '@editorjs/underline';
import Undo from 'editorjs-undo';
import { editorJsMessages } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { EDITOR_LIMITS, type EditorBlock } from './model/blocks';
import { LinkInlineTool, StyleInlineTool } from './tools/inline-tools';
import { AttachmentTool, ImageTool, VideoTool } from './tools/media-tools';
import { ChartTool, CodeTool, PageBreakTool, RawHtmlTool } from './tools/other-tools';
import { InstanceRegistry } from './tools/registry';
import { TableTool } from './tools/table-tool';
import { AlignmentTune, SpacingTune, type TuneConfig } from './tools/tunes';

const EMPTY_PARAGRAPH = { type: 'paragraph', data: { text: '' } };
const INLINE = ['bold', 'italic', 'underline', 'link', 'style'];
const TUNES = ['alignment', 'spacing'];

export interface EditorHandle {
  editor: EditorJS;
  undo: Undo;
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
  const editor = new EditorJS({
    holder: options.holder,
    data,
    readOnly: options.readOnly ?? false,
    minHeight: 40,
    placeholder: options.placeholder ?? editorUi.placeholder,
    defaultBlock: 'paragraph',
    // The LogLevels enum exists only in the typings; the string is what Editor.js reads.
    logLevel: 'ERROR' as EditorConfig['logLevel'],
    // The dictionary is a deep readonly literal; Editor.js wants its mutable shape.
    i18n: { messages: editorJsMessages as unknown as I18nDictionary },
    tools: {
      paragraph: { class: Paragraph as never, ...text, config: { preserveBlank: true } },
      header: {
        class: Header as never,
        ...text,
        config: { levels: [1, 2, 3, 4, 5, 6], defaultLevel: 2 },
      },
      list: { class: List as never, ...text, config: { defaultStyle: 'unordered' } },
      underline: Underline,
      link: { class: LinkInlineTool, config: { onOpen: options.onLinkOpen } },
      style: StyleInlineTool,
      table: { class: TableTool as never, inlineToolbar: INLINE },
      image: {
        class: ImageTool as never,
        inlineToolbar: INLINE,
        config: { register: (id: string, tool: ImageTool) => images.set(id, tool) },
      },
      attachment: AttachmentTool as never,
      code: CodeTool as never,
      video: VideoTool as never,
      pagebreak: PageBreakTool,
      chart: ChartTool as never,
      raw: RawHtmlTool as never,
      alignment: { class: AlignmentTune as never, config: tuneConfig },
      spacing: { class: SpacingTune as never, config: tuneConfig },
    },
    onChange: () => options.onChange(),
  });
  let undo: Undo | undefined;
  const ready = editor.isReady.then(async () => {
    const history = new Undo({ editor, maxLength: EDITOR_LIMITS.undoSteps });
    // The history starts from the blocks Editor.js shows: a new document is one empty paragraph,
    // not the empty list it was given (undoing back to a state without blocks throws).
    const shown = await editor.save();
    history.initialize(shown.blocks.length ? shown : { blocks: [EMPTY_PARAGRAPH] });
    undo = history;
  });
  let disposed = false;
  const handle: EditorHandle = {
    editor,
    get undo(): Undo {
      if (!undo) throw new Error('editor not ready');
      return undo;
    },
    tunes,
    images,
    ready,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      void ready.then(() => editor.destroy()).catch(() => undefined);
    },
  };
  return handle;
}
