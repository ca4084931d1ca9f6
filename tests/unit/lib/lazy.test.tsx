/**
 * Code fetched ahead is shown at once: a component whose module has loaded renders in the same
 * pass (no fallback, nothing for React to hold back), one whose module has not suspends until it
 * arrives, and a failed download is tried again.
 */
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyPreloaded, preloadable } from '@/lib/lazy';

const Greeting = ({ name }: { name: string }) => <p>你好，{name}</p>;

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

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
});
