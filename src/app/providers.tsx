/**
 * App-wide providers: react-query, PrimeReact (zh-CN locale), the one global Toast (the sink
 * of src/lib/notify) and the one ConfirmDialog.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider, addLocale, locale } from 'primereact/api';
import { Toast } from 'primereact/toast';
import { ConfirmDialog } from 'primereact/confirmdialog';
import zhCN from 'primelocale/zh-CN.json';
import { setNotifySink } from '@/lib/notify';
import { getToken, registerClientCache, subscribeSession } from '@/lib/session';

addLocale('zh-CN', zhCN['zh-CN'] as Parameters<typeof addLocale>[1]);
locale('zh-CN');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

function GlobalToast() {
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      setNotifySink((message) =>
        toast.current?.show({
          severity: message.severity,
          summary: message.summary,
          life: message.life,
        }),
      ),
    [],
  );
  return <Toast ref={toast} position="top-center" />;
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => registerClientCache('react-query', () => client.clear()), [client]);
  // A new sign-in starts from an empty cache: the menus, keys and lists of whoever used this tab
  // before are never shown to the next user. (Cleared when the new token arrives, not at sign-out,
  // so the screens still mounted during sign-out do not refetch without a token.)
  useEffect(() => {
    let token = getToken();
    return subscribeSession(() => {
      const next = getToken();
      if (next && next !== token) client.clear();
      token = next;
    });
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <PrimeReactProvider value={{ locale: 'zh-CN', ripple: false }}>
        {children}
        <GlobalToast />
        <ConfirmDialog />
      </PrimeReactProvider>
    </QueryClientProvider>
  );
}
