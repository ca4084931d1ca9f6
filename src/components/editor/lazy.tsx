/**
 * The `editor` control as the form registry sees it: a thin wrapper that loads the editor
 * (Editor.js, its plugins, the codec, the dialogs) with React.lazy when a form showing one opens.
 * Nothing heavy is reachable statically from here.
 */
import { lazy, Suspense } from 'react';
import { editorUi } from '@/locale/editor-ui';
import type { ControlProps } from '../form/controls/types';
import { loadEditorControl } from './load';

const EditorControl = lazy(loadEditorControl);

export function LazyEditorControl(props: ControlProps) {
  return (
    <Suspense fallback={<small className="rich-editor__loading">{editorUi.loading}</small>}>
      <EditorControl {...props} />
    </Suspense>
  );
}
