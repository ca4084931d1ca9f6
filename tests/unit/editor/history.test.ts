// @vitest-environment node
/**
 * The editor's undo history: one state per user action, 20 steps kept, 撤销 and 重做 exact
 * inverses; the recorder ends an action at a typing pause, at 20 inputs, or when another starts,
 * and what a 撤销 puts back is no action of its own.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditHistory } from '@/components/editor/history/edit-history';
import {
  HistoryRecorder,
  INPUTS_PER_STEP,
  TYPING_PAUSE_MS,
  type HistoryBlock,
} from '@/components/editor/history/history-recorder';

const same = (a: string, b: string) => a === b;

describe('EditHistory', () => {
  it('undo and redo move one state at a time and are exact inverses', () => {
    const history = new EditHistory<string>('', 20, same);
    for (const state of ['a', 'ab', 'abc']) history.record(state);
    expect(history.undo()).toBe('ab');
    expect(history.undo()).toBe('a');
    expect(history.redo()).toBe('ab');
    expect(history.redo()).toBe('abc');
    expect(history.redo()).toBeUndefined();
    expect(history.present).toBe('abc');
  });

  it('keeps 20 steps: the 21st undo finds nothing', () => {
    const history = new EditHistory<string>('0', 20, same);
    for (let i = 1; i <= 25; i += 1) history.record(String(i));
    const undone: (string | undefined)[] = [];
    while (history.canUndo) undone.push(history.undo());
    expect(undone).toHaveLength(20);
    expect(undone.at(-1)).toBe('5');
    expect(history.undo()).toBeUndefined();
  });

  it('a state equal to the present is no step; recording after an undo drops the redo', () => {
    const history = new EditHistory<string>('a', 20, same);
    expect(history.record('a')).toBe(false);
    history.record('b');
    history.record('c');
    history.undo();
    history.record('d');
    expect(history.canRedo).toBe(false);
    expect(history.undo()).toBe('b');
  });

  it('starts again from a loaded value', () => {
    const history = new EditHistory<string>('a', 20, same);
    history.record('b');
    history.restart('x');
    expect(history.canUndo).toBe(false);
    expect(history.present).toBe('x');
  });
});

/** Editor.js as the recorder sees it: a list of paragraph texts it saves and renders. */
function fakeEditor(initial: string[], saveMs = 0) {
  let shown = [...initial];
  const blocks = (texts: string[]): HistoryBlock[] =>
    texts.map((text, i) => ({ id: `b${i}-${Math.random()}`, type: 'paragraph', data: { text } }));
  const port = {
    // Like Editor.js: the document is read when save is called, the answer comes later.
    save: () => {
      const read = blocks(shown);
      return new Promise<HistoryBlock[]>((resolve) => setTimeout(() => resolve(read), saveMs));
    },
    render: (next: readonly HistoryBlock[]) => {
      shown = next.map((b) => (b.data as { text: string }).text);
      return Promise.resolve();
    },
    isReadOnly: () => false,
    focus: () => undefined,
    holdKeys: () => undefined,
  };
  return {
    port,
    get shown() {
      return shown;
    },
    set(texts: string[]) {
      shown = texts;
    },
  };
}

describe('HistoryRecorder', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function started(initial: string[], saveMs = 0) {
    const editor = fakeEditor(initial, saveMs);
    const recorder = new HistoryRecorder(editor.port);
    const starting = recorder.start();
    await vi.runAllTimersAsync();
    await starting;
    return { editor, recorder };
  }

  /** Runs a history call to its end (the fake saves answer on a timer). */
  async function done<T>(call: Promise<T>): Promise<T> {
    await vi.runAllTimersAsync();
    return call;
  }

  it('a typing burst is one step, recorded after the pause', async () => {
    const { editor, recorder } = await started(['']);
    recorder.keyDown();
    for (const text of ['第', '第一', '第一句']) {
      editor.set([text]);
      recorder.input();
      recorder.changed();
    }
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS + 1);
    expect(recorder.canUndo).toBe(true);
    await done(recorder.undo());
    expect(editor.shown).toEqual(['']);
    expect(recorder.canUndo).toBe(false);
    await done(recorder.redo());
    expect(editor.shown).toEqual(['第一句']);
  });

  it('a command right after typing is a step of its own (its start records the typing)', async () => {
    const { editor, recorder } = await started(['']);
    recorder.keyDown();
    editor.set(['第一句']);
    recorder.changed();
    // The toolbar button is pressed before the pause: the typing is recorded at the press.
    await done(recorder.checkpoint());
    editor.set(['第一句', '[image]']);
    recorder.changed();
    await done(recorder.undo());
    expect(editor.shown).toEqual(['第一句']);
    await done(recorder.undo());
    expect(editor.shown).toEqual(['']);
    await done(recorder.redo());
    expect(editor.shown).toEqual(['第一句']);
    await done(recorder.redo());
    expect(editor.shown).toEqual(['第一句', '[image]']);
  });

  it('an action ending while an earlier one is still being read keeps its own state', async () => {
    // A busy machine: each read of the document answers 100 ms later.
    const { editor, recorder } = await started([''], 100);
    editor.set(['第一句']);
    void recorder.checkpoint();
    editor.set(['第一句。']);
    // A toolbar button is pressed while the first read is still under way; its click then
    // changes the document before that read has answered.
    void recorder.checkpoint();
    editor.set(['第一句。', '[image]']);
    recorder.changed();
    await vi.runAllTimersAsync();
    await done(recorder.undo());
    expect(editor.shown).toEqual(['第一句。']);
    await done(recorder.undo());
    expect(editor.shown).toEqual(['第一句']);
    await done(recorder.undo());
    expect(editor.shown).toEqual(['']);
  });

  it('the change Editor.js reports for an undone state is no step (redo stays possible)', async () => {
    const { editor, recorder } = await started(['a']);
    editor.set(['b']);
    await done(recorder.checkpoint());
    await done(recorder.undo());
    recorder.changed();
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS + 1);
    expect(recorder.canRedo).toBe(true);
    await done(recorder.redo());
    expect(editor.shown).toEqual(['b']);
  });

  it('20 inputs without a pause make a step', async () => {
    const { editor, recorder } = await started(['']);
    recorder.keyDown();
    for (let i = 1; i <= INPUTS_PER_STEP; i += 1) {
      editor.set(['x'.repeat(i)]);
      recorder.input();
      // Each input is an event of its own: what it queued runs before the next one.
      await vi.advanceTimersByTimeAsync(0);
    }
    editor.set(['x'.repeat(INPUTS_PER_STEP + 3)]);
    await done(recorder.checkpoint());
    await done(recorder.undo());
    expect(editor.shown).toEqual(['x'.repeat(INPUTS_PER_STEP)]);
  });

  it('keeps 20 steps', async () => {
    const { editor, recorder } = await started(['0']);
    for (let i = 1; i <= 22; i += 1) {
      editor.set([String(i)]);
      await done(recorder.checkpoint());
    }
    let undone = 0;
    while (await done(recorder.undo())) undone += 1;
    expect(undone).toBe(20);
    expect(editor.shown).toEqual(['2']);
  });
});

describe('HistoryRecorder and Editor.js saves', () => {
  it('a kept state does not take a later alignment (Editor.js reuses a block’s tunes object)', async () => {
    // Editor.js returns the same tunes object from every save of a block and fills it again.
    const tunes: Record<string, unknown> = {};
    let text = '';
    let rendered: readonly HistoryBlock[] = [];
    const recorder = new HistoryRecorder({
      save: () => Promise.resolve([{ id: 'p', type: 'paragraph', data: { text }, tunes }]),
      render: (blocks) => {
        rendered = blocks;
        return Promise.resolve();
      },
      isReadOnly: () => false,
      focus: () => undefined,
      holdKeys: () => undefined,
    });
    await recorder.start();
    text = '第一句';
    await recorder.checkpoint();
    tunes.alignment = { alignment: 'center' };
    await recorder.checkpoint();
    await recorder.undo();
    expect(rendered).toEqual([{ id: 'p', type: 'paragraph', data: { text: '第一句' }, tunes: {} }]);
  });

  it('holds the keyboard in the editor while 撤销 replaces the blocks, and puts the caret back after', async () => {
    // A key pressed between the two (a second Ctrl+Z) must reach the editor, not the page.
    const steps: string[] = [];
    let text = '';
    const recorder = new HistoryRecorder({
      save: () => Promise.resolve([{ type: 'paragraph', data: { text } }]),
      render: () => {
        steps.push('render');
        return Promise.resolve();
      },
      isReadOnly: () => false,
      focus: () => steps.push('caret'),
      holdKeys: () => steps.push('hold'),
    });
    await recorder.start();
    text = '第一句';
    await recorder.checkpoint();
    await recorder.undo();
    expect(steps).toEqual(['hold', 'render', 'caret']);
  });
});
