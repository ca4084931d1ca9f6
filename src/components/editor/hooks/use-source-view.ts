/**
 * The source view (源代码): the content as HTML text in a text area instead of the blocks. While
 * it is open the content lives in its text (../content.ts): each edit is handed to the form, a
 * submit stores it (its remote images captured first), and leaving it shows the text as blocks —
 * in both cases only what the sanitiser lets through.
 */
import { useCallback, useEffect, useState } from 'react';
import type { EditorContent } from '../content';
import { sanitizeEditorHtml } from '../html';
import type { RemoteImages } from '../remote-images';
import { useLatest } from './use-latest';

export interface SourceView {
  /** The text shown; undefined while the blocks show. */
  text: string | undefined;
  toggle: () => Promise<void>;
  change: (text: string) => void;
  /** Hands the last keystrokes over at once (the text area loses the focus, Escape). */
  flush: () => void;
  /** A submit made in the source view: captures its remote images, then hands it over. */
  handOver: () => Promise<void>;
}

export function useSourceView(options: {
  content: EditorContent;
  ownHtml: RemoteImages['ownHtml'];
  /** Called as the source view opens (the hint popup closes). */
  onOpen: () => void;
}): SourceView {
  const { content, ownHtml } = options;
  const [text, setText] = useState<string | undefined>(undefined);
  const onOpenRef = useLatest(options.onOpen);

  // Content shown anew while the source is open (a value set by the form, a restored draft).
  useEffect(
    () =>
      content.subscribe({
        shown: (html) => {
          if (content.sourceText === html) setText(html);
        },
      }),
    [content],
  );

  const toggle = useCallback(async () => {
    if (!content.attached) return;
    const current = content.sourceText;
    if (current === undefined) {
      const html = (await content.emitNow()) ?? content.html;
      onOpenRef.current();
      content.enterSource(html);
      setText(html);
      return;
    }
    content.cancelEmit();
    // Back from the source: only what the sanitiser lets through reaches the editor.
    const clean = sanitizeEditorHtml(await ownHtml(current));
    setText(undefined);
    await content.renderBlocks(clean);
    // The blocks hold the content again only now: until then a hand-over reads the source.
    content.leaveSource();
    await content.emitNow();
  }, [content, ownHtml, onOpenRef]);

  const change = useCallback(
    (next: string) => {
      content.editSource(next);
      setText(next);
    },
    [content],
  );

  const flush = useCallback(() => content.flushSource(), [content]);

  const handOver = useCallback(async () => {
    const current = content.sourceText;
    if (current === undefined) return;
    content.cancelEmit();
    const own = await ownHtml(current);
    // The source shows the copies' addresses, as it would after leaving and opening it again.
    if (own !== current && content.sourceText === current) setText(own);
    content.handOverSource(own);
  }, [content, ownHtml]);

  return { text, toggle, change, flush, handOver };
}
