/** editorjs-undo ships no types: the part of its API the editor uses. */
declare module 'editorjs-undo' {
  import type EditorJS from '@editorjs/editorjs';
  import type { OutputData } from '@editorjs/editorjs';

  interface UndoOptions {
    editor: EditorJS;
    /** Changes kept in the history stack. */
    maxLength?: number;
    onUpdate?: () => void;
    config?: { debounceTimer?: number; shortcuts?: { undo?: string[]; redo?: string[] } };
  }

  export default class Undo {
    constructor(options: UndoOptions);
    initialize(data: OutputData): void;
    undo(): Promise<void> | void;
    redo(): Promise<void> | void;
    canUndo(): boolean;
    canRedo(): boolean;
    clear(): void;
  }
}
