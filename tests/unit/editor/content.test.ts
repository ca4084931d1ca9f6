/**
 * Where the editor's content lives (components/editor/content.ts) and the source view over it
 * (hooks/use-source-view.ts), with a fake Editor.js instance: the blocks' HTML reaches the form
 * after a short calm or at once on a submit; while the source view is open its text is the
 * content — handed to the form through the sanitiser, kept by the draft, submitted with its
 * remote images captured — and blocks saved late never overwrite it.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMIT_DELAY_MS, EditorContent, type BlocksPort } from '@/components/editor/content';
import { blocksToHtml } from '@/components/editor/html';
import type { EditorBlock } from '@/components/editor/model/blocks';
import { useSourceView } from '@/components/editor/hooks/use-source-view';

/** Editor.js as the content sees it: blocks it saves (when asked) and renders. */
function fakeBlocks(initial: EditorBlock[]) {
  let blocks = initial;
  /** Set: saves wait for `releaseSave` (Editor.js saving late). */
  let held: Promise<void> | undefined;
  let release: () => void = () => undefined;
  const port: BlocksPort = {
    ready: Promise.resolve(),
    isReadOnly: () => false,
    save: async () => {
      await held;
      return { blocks };
    },
    render: async (next) => {
      blocks = next;
    },
  };
  return Object.assign(port, {
    holdSaves: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    releaseSave: () => release(),
    type: (text: string) => {
      blocks = [{ type: 'paragraph', data: { text } }];
    },
    shown: () => blocksToHtml({ blocks }),
  });
}

function setup(initialHtml = '') {
  const content = new EditorContent(initialHtml);
  const port = fakeBlocks([]);
  const handedOver: string[] = [];
  content.setHandOver((html) => handedOver.push(html));
  content.attach(port);
  return { content, port, handedOver };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('editor content', () => {
  it('hands the blocks over after a short calm, once per change', async () => {
    const { content, port, handedOver } = setup();
    port.type('第一段');
    content.scheduleEmit();
    content.scheduleEmit();
    await vi.advanceTimersByTimeAsync(EMIT_DELAY_MS - 1);
    expect(handedOver).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(handedOver).toEqual(['<p>第一段</p>']);
    await content.emitNow();
    expect(handedOver).toEqual(['<p>第一段</p>']);
  });

  it('an edit the browser saw is handed over on leaving, before Editor.js reports it', async () => {
    const { content, port, handedOver } = setup('<p>已保存</p>');
    // The blocks of a loaded value need not give back its string; looking is still no edit.
    port.type('已保存 ');
    content.handOverPending();
    await vi.advanceTimersByTimeAsync(0);
    expect(handedOver).toEqual([]);
    port.type('刚打的字');
    content.noteEdit();
    content.handOverPending();
    // Promise steps only: handed over before the calm's timer could run.
    await vi.advanceTimersByTimeAsync(0);
    expect(handedOver).toEqual(['<p>刚打的字</p>']);
    content.handOverPending();
    await vi.advanceTimersByTimeAsync(EMIT_DELAY_MS);
    expect(handedOver).toEqual(['<p>刚打的字</p>']);
  });

  it('in source view hands over the source through the sanitiser, not the blocks', async () => {
    const { content, port, handedOver } = setup('<p>typed first</p>');
    port.type('typed first');
    content.enterSource('<p>typed first</p>');
    content.editSource('<p>hello from source view</p><script>alert(1)</script>');
    expect(content.pendingSourceHtml()).toBe('<p>hello from source view</p>');
    await vi.advanceTimersByTimeAsync(EMIT_DELAY_MS);
    expect(handedOver).toEqual(['<p>hello from source view</p>']);
    // A late change event of Editor.js does not hand the stale blocks over.
    content.scheduleEmit();
    await vi.advanceTimersByTimeAsync(EMIT_DELAY_MS);
    expect(await content.emitNow()).toBe('<p>hello from source view</p>');
    expect(handedOver).toEqual(['<p>hello from source view</p>']);
  });

  it('a source edit is handed over at once on flush, and is what the draft hears', () => {
    const { content, handedOver } = setup();
    const drafts: string[] = [];
    content.subscribe({ emitted: (html) => drafts.push(html) });
    content.enterSource('');
    content.editSource('<p>源代码</p>');
    content.flushSource();
    expect(handedOver).toEqual(['<p>源代码</p>']);
    expect(drafts).toEqual(['<p>源代码</p>']);
    expect(content.pendingSourceHtml()).toBeUndefined();
  });

  it('blocks saved after the source view opened are not handed over', async () => {
    const { content, port, handedOver } = setup();
    port.type('旧内容');
    port.holdSaves();
    const saving = content.emitNow();
    content.enterSource('<p>新内容</p>');
    await vi.advanceTimersByTimeAsync(0);
    port.releaseSave();
    expect(await saving).toBe('<p>新内容</p>');
    expect(handedOver).toEqual(['<p>新内容</p>']);
  });

  it('a value set from outside shows in the open source view, and is not handed back', async () => {
    const { content, port, handedOver } = setup();
    const shown: string[] = [];
    content.subscribe({ shown: (html) => shown.push(html) });
    content.enterSource('<p>旧</p>');
    await content.replace('<p>表单重置</p>');
    expect(content.sourceText).toBe('<p>表单重置</p>');
    expect(content.html).toBe('<p>表单重置</p>');
    expect(port.shown()).toBe('<p>表单重置</p>');
    expect(shown).toEqual(['<p>表单重置</p>']);
    expect(handedOver).toEqual([]);
  });
});

describe('source view', () => {
  const ownHtml = vi.fn(async (html: string) =>
    html.replace('http://img.example.com/a.png', '/storage/copied.png'),
  );

  function renderSource(content: EditorContent) {
    const onOpen = vi.fn();
    const view = renderHook(() => useSourceView({ content, ownHtml, onOpen }));
    return { view, onOpen };
  }

  it('opens on the content, and a submit made there stores the source with its images captured', async () => {
    const { content, port, handedOver } = setup();
    port.type('typed first');
    const { view, onOpen } = renderSource(content);
    await act(() => view.result.current.toggle());
    expect(view.result.current.text).toBe('<p>typed first</p>');
    expect(onOpen).toHaveBeenCalledOnce();

    act(() =>
      view.result.current.change(
        '<p>hello from source view</p><p><img src="http://img.example.com/a.png"></p>',
      ),
    );
    await act(() => view.result.current.handOver());
    expect(handedOver.at(-1)).toBe(
      '<p>hello from source view</p>\n<figure data-block="image" data-float="none"><img src="/storage/copied.png"></figure>',
    );
    // The source shows the copy's address.
    expect(view.result.current.text).toContain('/storage/copied.png');
  });

  it('leaving shows the sanitised source as blocks, which hold the content again', async () => {
    const { content, port, handedOver } = setup();
    const { view } = renderSource(content);
    await act(() => view.result.current.toggle());
    act(() => view.result.current.change('<p onclick="alert(1)">回到编辑</p>'));
    await act(() => view.result.current.toggle());
    expect(view.result.current.text).toBeUndefined();
    expect(content.sourceText).toBeUndefined();
    expect(port.shown()).toBe('<p>回到编辑</p>');
    expect(handedOver.at(-1)).toBe('<p>回到编辑</p>');
  });
});
