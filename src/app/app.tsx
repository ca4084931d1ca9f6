import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './routes';
import { NotifyHost } from './notify-host';

/**
 * The router and the message sink. The providers of the signed-in part (react-query, PrimeReact,
 * the ConfirmDialog, the screens' meta) come with the main layout (./providers.tsx), and the
 * screens' routes with the first navigation to one (./routes.tsx), so /login loads none of them.
 */
export function App() {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <>
      <RouterProvider router={router} />
      <NotifyHost />
    </>
  );
}
