/**
 * The life cycle of one editor's Editor.js instance and its change events. One instance per
 * mount, on its own holder element (StrictMode mounts twice; Editor.js is destroyed only once
 * ready, ../instance.ts), with the selection keeper and the IME guard; its changes reach the form
 * through the content (../content.ts). A value set from outside replaces the content; remote
 * images of loaded HTML are captured, then the content is shown again with the copies.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { EditorContent, toBlocks, type BlocksPort } from '../content';
import { SelectionKeeper } from '../dom-commands';
import { EditorOps } from '../editor-ops';
import { installImeGuard } from '../ime';
import { createEditor, type EditorHandle } from '../instance';
import type { EditorDocument } from '../model/blocks';
import type { RemoteImages } from '../remote-images';
import { useLatest } from './use-latest';

export interface EditorInstanceOptions {
  /** The frame the holder goes in (the IME guard listens on it). */
  frameRef: RefObject<HTMLDivElement | null>;
  /** The form's value (HTML). */
  value: string;
  onChange: (html: string) => void;
  /** The form is disabled: an instance created now is read-only. */
  disabled: boolean;
  /** Created for a disabled form and not enabled since: read-only, nothing captured. */
  viewOnly: boolean;
  /** Editor.js's inline link button: the project's link dialog. */
  onLinkOpen: () => void;
  ownHtml: RemoteImages['ownHtml'];
}

export interface EditorInstance {
  content: EditorContent;
  ops: EditorOps;
  /** Editor.js has rendered the first content. */
  ready: boolean;
}

function blocksPort(handle: EditorHandle): BlocksPort {
  return {
    ready: handle.ready,
    isReadOnly: () => handle.editor.readOnly.isEnabled,
    // Editor.js types block data loosely; every tool it runs is the project's (../instance.ts),
    // so what it saves is the model's document.
    save: async () => (await handle.editor.save()) as EditorDocument,
    render: async (blocks, fresh) => {
      await handle.editor.render({ blocks });
      if (fresh) await handle.history.start();
    },
  };
}

export function useEditorInstance(options: EditorInstanceOptions): EditorInstance {
  const { frameRef, value, onChange, viewOnly, ownHtml } = options;
  const [content] = useState(() => new EditorContent(value));
  const [ops] = useState(() => new EditorOps(content));
  const [ready, setReady] = useState(false);
  const disabledRef = useLatest(options.disabled);
  const onLinkOpenRef = useLatest(options.onLinkOpen);

  // The instance lives across renders: it hands over to the form's latest onChange.
  useLayoutEffect(() => content.setHandOver(onChange), [content, onChange]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    let alive = true;
    const holder = document.createElement('div');
    holder.className = 're-holder';
    frame.append(holder);
    const handle = createEditor({
      holder,
      blocks: toBlocks(content.html),
      readOnly: disabledRef.current,
      onChange: () => content.scheduleEmit(),
      onLinkOpen: () => onLinkOpenRef.current(),
    });
    const port = blocksPort(handle);
    const keeper = new SelectionKeeper(holder);
    content.attach(port);
    ops.attach(handle, keeper);
    const stopKeeper = keeper.start();
    const stopIme = installImeGuard(frame);
    void handle.ready.then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
      stopKeeper();
      stopIme();
      content.stop();
      content.detach(port);
      ops.detach(handle);
      handle.dispose();
      // Editor.js is destroyed only once ready, so this holder stays a moment: hidden at once,
      // so nobody types into an editor that is going away (a remount leaves two for a moment).
      holder.hidden = true;
      void handle.ready.finally(() => holder.remove());
      setReady(false);
    };
  }, [frameRef, content, ops, disabledRef, onLinkOpenRef]);

  // Disabled while the form submits makes the editor inert (no typing, no focus; see the root),
  // not Editor.js read-only: that re-renders every block, and a submit refused by validation at
  // once toggled it back while the first re-render ran, which could drop the content. Only an
  // editor created for a disabled form is read-only, and switched to editing once enabled.
  useEffect(() => {
    if (!ready || viewOnly) return;
    ops.enableEditing();
  }, [ops, viewOnly, ready]);

  // A value set from outside (form reset, record loaded later) replaces the content.
  useEffect(() => {
    if (!ready || value === content.html) return;
    void content.replace(value);
  }, [content, value, ready]);

  // Remote images of loaded HTML are captured, then the content is shown again with the copies.
  useEffect(() => {
    const loaded = content.html;
    if (!ready || viewOnly) return undefined;
    let current = true;
    void ownHtml(loaded).then((own) => {
      if (!current || own === loaded || content.html !== loaded) return;
      // The captured copies are the loaded document still: no step to undo.
      void content.show(own, true, true);
    });
    return () => {
      current = false;
    };
  }, [content, value, ready, viewOnly, ownHtml]);

  return { content, ops, ready };
}
