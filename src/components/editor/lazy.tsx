/**
 * The `editor` control as the form registry sees it: a thin wrapper that loads the editor
 * (Editor.js, its plugins, the codec, the dialogs) when a form showing one opens, unless a list
 * fetched it ahead.
 * Nothing heavy is reachable statically from here.
 */
import { CodeSlot, lazyPreloaded } from '@/lib/lazy';
import { editorUi } from '@/locale/editor-ui';
import type { ControlProps } from '../form/controls/types';
import { editorControlCode } from './load';

const EditorControl = lazyPreloaded(editorControlCode, (module) => module.default);

export function LazyEditorControl(props: ControlProps) {
  return (
    <CodeSlot loading={<small className="rich-editor__loading">{editorUi.loading}</small>}>
      <EditorControl {...props} />
    </CodeSlot>
  );
}
