import type { ReactElement, ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider, addLocale, locale } from 'primereact/api';
import zhCN from 'primelocale/zh-CN.json';
import { LAZY_CONTROL_CODES } from '@/components/form/controls/lazy-code';

addLocale('zh-CN', zhCN['zh-CN'] as never);
locale('zh-CN');

// The shared setup has no globals, so Testing Library cannot clean up on its own.
afterEach(() => cleanup());

// jsdom has no layout: scrollIntoView is absent. A spy lets tests see the scroll happen.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = vi.fn();

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders inside the providers the app mounts (react-query, PrimeReact with zh-CN). */
export function renderWithProviders(
  ui: ReactElement,
  client: QueryClient = createTestQueryClient(),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <PrimeReactProvider value={{ ripple: false, locale: 'zh-CN' }}>{children}</PrimeReactProvider>
    </QueryClientProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}

/**
 * Loads the controls that load on first use (date pickers, tree selects, the region picker, the
 * slider, the password field), as a list does ahead of its form: a form rendered after this shows
 * them at once. (tests/unit/form/lazy-controls.test.tsx covers a form that has to wait.)
 */
export async function preloadLazyControls(): Promise<void> {
  await Promise.all(LAZY_CONTROL_CODES.map((code) => code.load()));
}
