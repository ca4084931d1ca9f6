import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from './providers';
import { createAppRoutes, resolveScreens } from './routes';
import { RouteTableProvider } from '@/layout/route-table-context';

export function App() {
  const client = useMemo(createQueryClient, []);
  const screens = useMemo(() => resolveScreens(), []);
  const router = useMemo(() => createBrowserRouter(createAppRoutes({ screens })), [screens]);
  return (
    <AppProviders client={client}>
      <RouteTableProvider routes={screens}>
        <RouterProvider router={router} />
      </RouteTableProvider>
    </AppProviders>
  );
}
