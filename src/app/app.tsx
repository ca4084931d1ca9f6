import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from './providers';
import { createAppRoutes } from './routes';
import { screens } from './screens';
import { RouteTableProvider } from '@/layout/route-table-context';

export function App() {
  const client = useMemo(() => createQueryClient(), []);
  const router = useMemo(() => createBrowserRouter(createAppRoutes({ screens })), []);
  return (
    <AppProviders client={client}>
      <RouteTableProvider routes={screens}>
        <RouterProvider router={router} />
      </RouteTableProvider>
    </AppProviders>
  );
}
