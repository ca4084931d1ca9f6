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
import { EDITOR_CHROME_PX, editorFieldSize } from './editor-field-size';
import { ControlPlaceholder } from '../form/controls/control-placeholder';

const EditorControl = lazyPreloaded(editorControlCode, (module) => module.default);

export function LazyEditorControl(props: ControlProps) {
  const { width, height } = editorFieldSize(props.field);
  const loading = (
    <ControlPlaceholder text={editorUi.loading} width={width} height={height + EDITOR_CHROME_PX} />
  );
  return (
    <CodeSlot loading={loading}>
      <EditorControl {...props} />
    </CodeSlot>
  );
}
