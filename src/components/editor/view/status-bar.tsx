/**
 * Under the frame: the autosave notice (or the remote capture running), the word count with its
 * overflow message, and the resize handle — a focusable separator that tells the frame's height.
 */
import type { KeyboardEvent, PointerEvent } from 'react';
import { editorStatus, editorToolbar } from '@/locale/editor';
import type { WordCountState } from '../word-count';

export interface ResizeHandle {
  height: number;
  minHeight: number;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

export function StatusBar({
  capturing,
  savedVisible,
  words,
  resize,
}: {
  capturing: boolean;
  savedVisible: boolean;
  words: WordCountState | undefined;
  /** None in fullscreen or without scaling. */
  resize: ResizeHandle | undefined;
}) {
  return (
    <div className="rich-editor__status">
      <span className="rich-editor__saved" role="status">
        {capturing ? editorStatus.catchingRemote : savedVisible ? editorStatus.autosaved : ''}
      </span>
      {words && (
        <span
          className={`rich-editor__words${words.over ? ' is-over' : ''}`}
          role={words.over ? 'alert' : undefined}
        >
          {words.message}
        </span>
      )}
      {resize && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable separator is the WAI-ARIA window-splitter widget (arrow keys resize)
        <div
          className="rich-editor__resize"
          role="separator"
          aria-orientation="horizontal"
          aria-valuenow={resize.height}
          aria-valuemin={resize.minHeight}
          aria-label={editorToolbar.resize}
          title={editorToolbar.resize}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the window splitter is focusable by definition
          tabIndex={0}
          onPointerDown={resize.onPointerDown}
          onKeyDown={resize.onKeyDown}
        />
      )}
    </div>
  );
}
