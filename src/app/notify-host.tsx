/**
 * The sink of src/lib/notify for the whole app. The PrimeReact Toast that shows the messages is
 * loaded with the first message, so a page that shows none (the login form) fetches no
 * PrimeReact JavaScript; messages sent while it loads are kept and shown in order.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { setNotifySink, type NotifyMessage } from '@/lib/notify';
import { withWholeTheme } from '@/lib/theme';

// PrimeReact's Toast: its code and the whole theme (the login page links only its own cut).
const ToastHost = lazy(() => withWholeTheme(() => import('./toast-host')));

export function NotifyHost() {
  // One array for the component's life: filled here, emptied by the toast when it mounts.
  const [queue] = useState<NotifyMessage[]>(() => []);
  const [needed, setNeeded] = useState(false);
  useEffect(
    () =>
      setNotifySink((message) => {
        queue.push(message);
        setNeeded(true);
      }),
    [queue],
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost queue={queue} />
    </Suspense>
  );
}
