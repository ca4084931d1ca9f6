/**
 * The rich-text editor: the project's toolbar over one Editor.js instance, whose value is the
 * HTML the server stores (through the codec in ./html). Adds what Editor.js lacks: source view,
 * fullscreen, resize handle, search/replace, drafts with the saved notice, the word count, the
 * image/link hint popup, paste/drop image upload with remote image capture, and the
 * editor-internal dialogs. Loaded lazily (./lazy.tsx): nothing here is reachable from /login.
 *
 * This component only composes: each concern is a hook (./hooks), the content and the block
 * operations are plain objects (./content.ts, ./editor-ops.ts), the toolbar's commands are one
 * table (./commands), each dialog is a file on one shell (./dialogs), the other pieces of the
 * view are in ./view.
 */
import './rich-editor.css';
import './rich-editor-blocks.css';
import './rich-editor-dialogs.css';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { editorUi } from '@/locale/editor-ui';
import type { ControlProps } from '../form/controls/types';
import { runCommand, type CommandId, type CommandState } from './commands/command-table';
import { EditorDialogs } from './dialogs/editor-dialogs';
import { applyInlineStyle } from './dom-commands';
import { useDrafts } from './hooks/use-drafts';
import { EMPTY_IMAGE, useEditorDialogs } from './hooks/use-editor-dialogs';
import { useEditorInstance } from './hooks/use-editor-instance';
import { useFullscreen } from './hooks/use-fullscreen';
import { useHandOverOnLeave } from './hooks/use-hand-over-on-leave';
import { useHint } from './hooks/use-hint';
import { usePasteUpload } from './hooks/use-paste-upload';
import { useResize } from './hooks/use-resize';
import { useShortcuts } from './hooks/use-shortcuts';
import { useSourceView } from './hooks/use-source-view';
import { EDITOR_LIMITS } from './model/blocks';
import { useRemoteImages } from './remote-images';
import { EditorToolbar, type ToolbarActions } from './toolbar';
import { DraftOffer } from './view/draft-offer';
import { HintPopup } from './view/hint-popup';
import { SourceArea } from './view/source-area';
import { StatusBar } from './view/status-bar';
import { checkWordLimit } from './word-count';

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

/** The frame layer above the layout (product setting: layer value 2000). */
const FULLSCREEN_LAYER = 2000;

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
  const remote = useRemoteImages();
  const { ownHtml } = remote;
  /** Created for a disabled form: read-only, without toolbar. A later `disabled` is a submit. */
  const [viewOnly, setViewOnly] = useState(disabled);
  if (viewOnly && !disabled) setViewOnly(false);

  const { content, ops, ready } = useEditorInstance({
    frameRef,
    value,
    onChange: props.onChange,
    disabled,
    viewOnly,
    // Called by Editor.js's link button, after this render has defined the dialogs.
    onLinkOpen: () => dialogs.showLink(),
    ownHtml,
  });
  const dialogs = useEditorDialogs({ frameRef, ops });
  const { hint, setHint } = useHint(frameRef);
  const source = useSourceView({ content, ownHtml, onOpen: () => setHint(undefined) });
  const drafts = useDrafts({ content, draftId, disabled, value });
  useHandOverOnLeave(frameRef, content);
  const view = useFullscreen();
  const { size, startResize, resizeByKey } = useResize({
    rootRef,
    initial: { width: props.width, height: props.height ?? EDITOR_LIMITS.otherHeight },
    minWidth,
    minHeight,
  });
  const { pickImage } = usePasteUpload({
    frameRef,
    ops,
    ownHtml,
    disabled,
    sourceOpen: source.text !== undefined,
  });
  // The form holds the latest HTML (every change is handed to it), so the count follows it.
  const words = useMemo(
    () => (wordCount ? checkWordLimit(value, wordLimit) : undefined),
    [value, wordCount, wordLimit],
  );

  // Editor.js saves asynchronously and reports changes late: a submit first takes the content
  // as it is now (the source's text while that is open), then clears the draft once saved.
  const { handOver } = source;
  const { afterSave } = drafts;
  useEffect(() => {
    if (!registerBeforeSubmit) return undefined;
    return registerBeforeSubmit(async () => {
      if (content.sourceText === undefined) await content.emitNow();
      else await handOver();
      return afterSave();
    });
  }, [registerBeforeSubmit, content, handOver, afterSave]);

  const commandState: CommandState = {
    fullscreen: view.fullscreen,
    source: source.text !== undefined,
    dialogOpen: dialogs.name !== undefined,
  };
  const run = (command: CommandId) =>
    runCommand(command, commandState, {
      ops,
      content,
      dialogs,
      toggleFullscreen: view.toggle,
      toggleSource: () => void source.toggle(),
      pickImage,
    });
  useShortcuts({ enabled: !viewOnly, frameRef, state: commandState, run });

  const actions: ToolbarActions = {
    run,
    align: (alignment) => ops.align(alignment),
    color: (kind, color) => ops.withRange((range) => applyInlineStyle(range, kind, color)),
    font: (kind, fontValue) => ops.withRange((range) => applyInlineStyle(range, kind, fontValue)),
    spacing: (kind, n) => ops.spacing(kind, n),
    heading: (level) =>
      void (level ? ops.convertCurrent('header', { level }) : ops.convertCurrent('paragraph', {})),
  };

  const { fullscreen } = view;
  const rootStyle: CSSProperties = fullscreen
    ? { zIndex: FULLSCREEN_LAYER }
    : // The minimum frame binds the resize handle only: a narrower dialog still fits the editor.
      { width: size.width, maxWidth: '100%' };
  const frameStyle: CSSProperties = fullscreen
    ? {}
    : { height: size.height, minHeight: Math.min(minHeight, size.height) };

  return (
    <div
      ref={rootRef}
      className={`rich-editor${fullscreen ? ' rich-editor--fullscreen' : ''}${invalid ? ' rich-editor--invalid' : ''}`}
      style={rootStyle}
      data-ready={ready ? 'true' : 'false'}
      inert={(disabled && !viewOnly) || remote.capturing}
    >
      {!viewOnly && (
        <EditorToolbar
          actions={actions}
          state={{ fullscreen, source: source.text !== undefined }}
        />
      )}
      {drafts.offer && (
        <DraftOffer draft={drafts.offer} onRestore={drafts.restore} onDiscard={drafts.discard} />
      )}
      {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- the editing surface is many Editor.js blocks, no one textbox to carry it; aria-invalid stays global for axe */}
      <div
        ref={frameRef}
        id={id}
        className="rich-editor__frame"
        style={{ ...frameStyle, display: source.text === undefined ? undefined : 'none' }}
        role="group"
        aria-label={label}
        aria-invalid={invalid || undefined}
        tabIndex={-1}
        onBlur={props.onBlur}
      >
        {!ready && <small className="rich-editor__loading">{editorUi.loading}</small>}
        {hint && (
          <HintPopup
            hint={hint}
            ops={ops}
            onClose={() => setHint(undefined)}
            onModifyImage={(blockId) =>
              dialogs.showImage(ops.image(blockId)?.value ?? EMPTY_IMAGE, blockId)
            }
            onModifyLink={dialogs.showLink}
          />
        )}
      </div>
      {source.text !== undefined && <SourceArea source={source} style={frameStyle} />}
      <StatusBar
        capturing={remote.capturing}
        savedVisible={drafts.savedVisible}
        words={words}
        resize={
          scaling && !fullscreen
            ? { height: size.height, minHeight, onPointerDown: startResize, onKeyDown: resizeByKey }
            : undefined
        }
      />

      <EditorDialogs
        dialogs={dialogs}
        ops={ops}
        content={content}
        frameRef={frameRef}
        ownUrls={remote.ownUrls}
      />
    </div>
  );
}

export default RichEditor;
