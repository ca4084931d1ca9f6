/**
 * Code fetched ahead is shown at once: a component whose module has loaded renders in the same
 * pass (no fallback, nothing for React to hold back), one whose module has not suspends until it
 * arrives, and a failed download is tried again. A failed download inside a CodeSlot shows
 * 控件加载失败。 with 重试 in its place, and 重试 downloads again; any other error is not its own.
 */
import { Component, Suspense, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CodeBoundary, CodeSlot, lazyPreloaded, preloadable } from '@/lib/lazy';

const Greeting = ({ name }: { name: string }) => <p>你好，{name}</p>;

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('preloadable code', () => {
  it('renders a loaded module in the first pass, without the fallback', async () => {
    const code = preloadable(() => Promise.resolve({ Greeting }));
    await code.load();
    const Shown = lazyPreloaded(code, (module) => module.Greeting);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Shown name="管理员" />
      </Suspense>,
    );
    // Synchronously after render: no suspension happened.
    expect(screen.getByText('你好，管理员')).toBeInTheDocument();
    expect(screen.queryByText('加载中')).not.toBeInTheDocument();
  });

  it('suspends on a module not loaded yet and shows it once it arrives, loading it once', async () => {
    const arrival = deferred<{ Greeting: typeof Greeting }>();
    const load = vi.fn(() => arrival.promise);
    const code = preloadable(load);
    const Shown = lazyPreloaded(code, (module) => module.Greeting);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Shown name="孙丽" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeInTheDocument();
    void code.load();
    await act(async () => {
      arrival.resolve({ Greeting });
      await arrival.promise;
    });
    expect(await screen.findByText('你好，孙丽')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(code.loaded()).toEqual({ Greeting });
  });

  it('tries a failed download again on the next load', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('网络错误'))
      .mockResolvedValueOnce({ Greeting });
    const code = preloadable(load);
    await expect(code.load()).rejects.toThrow('网络错误');
    expect(code.loaded()).toBeUndefined();
    await expect(code.load()).resolves.toEqual({ Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('in a CodeSlot, a failed download shows 控件加载失败。 and 重试, which downloads again', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(
        new TypeError('Failed to fetch dynamically imported module: /assets/greeting.js'),
      )
      .mockResolvedValueOnce({ Greeting });
    const Shown = lazyPreloaded(preloadable(load), (module) => module.Greeting);
    // React reports the error its boundary caught; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <input aria-label="标题" defaultValue="已输入的内容" />
        <CodeSlot loading={<p>加载中</p>}>
          <Shown name="管理员" />
        </CodeSlot>
      </>,
    );
    expect(await screen.findByText('控件加载失败。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('你好，管理员')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('标题')).toHaveValue('已输入的内容');
  });

  it('leaves any other error to the boundary above', () => {
    const Broken = (): ReactNode => {
      throw new Error('渲染出错');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Outer>
        <CodeBoundary failed={() => <p>控件加载失败。</p>}>
          <Broken />
        </CodeBoundary>
      </Outer>,
    );
    expect(screen.getByText('外层：渲染出错')).toBeInTheDocument();
    expect(screen.queryByText('控件加载失败。')).not.toBeInTheDocument();
  });
});

/** The screen's boundary, as the tests see it. */
class Outer extends Component<{ children: ReactNode }, { message?: string }> {
  override state: { message?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    return this.state.message === undefined ? (
      this.props.children
    ) : (
      <p>外层：{this.state.message}</p>
    );
  }
}
