/**
 * The providers of the signed-in part (loaded with the main layout, never by the login page):
 * react-query, PrimeReact (zh-CN locale) and the one app-wide ConfirmDialog of confirmDialog().
 */
import type { ReactNode } from 'react';
// The icon font and its classes: every PrimeIcon, since a menu entry may name any of them. Here,
// not in the entry, so /login (its few icons drawn inline) fetches neither.
import 'primeicons/primeicons.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { MainLayout } from '@/layout/main-layout';
import { RouteTableProvider } from '@/layout/route-table-context';
import { PRIME_CONFIG } from './prime-config';
import { queryClient } from './query-client';
import { screens } from './screens';

export { createQueryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PrimeReactProvider value={PRIME_CONFIG}>
        {children}
        <ConfirmDialog />
      </PrimeReactProvider>
    </QueryClientProvider>
  );
}

/** The layout route's component: the main layout inside the providers, with the screens' meta. */
export function ProvidedMainLayout() {
  return (
    <AppProviders>
      <RouteTableProvider routes={screens}>
        <MainLayout />
      </RouteTableProvider>
    </AppProviders>
  );
}
