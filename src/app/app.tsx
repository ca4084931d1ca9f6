import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createAppRoutes } from './routes';
import { screens } from './screens';
import { NotifyHost } from './notify-host';
import { RouteTableProvider } from '@/layout/route-table-context';

/**
 * The router and the message sink. The providers of the signed-in part (react-query, PrimeReact,
 * the ConfirmDialog) come with the main layout (./providers.tsx), so /login loads none of them.
 */
export function App() {
  const router = useMemo(() => createBrowserRouter(createAppRoutes({ screens })), []);
  return (
    <RouteTableProvider routes={screens}>
      <RouterProvider router={router} />
      <NotifyHost />
    </RouteTableProvider>
  );
}
