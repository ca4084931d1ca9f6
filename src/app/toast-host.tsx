/** The app's one PrimeReact Toast: shows what was queued while it loaded, then every message. */
import { useEffect, useRef } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { Toast } from 'primereact/toast';
import { setNotifySink, type NotifyMessage } from '@/lib/notify';
import { PRIME_CONFIG } from './prime-config';

export default function ToastHost({ queue }: { queue: NotifyMessage[] }) {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    const show = (message: NotifyMessage) =>
      toast.current?.show({
        severity: message.severity,
        summary: message.summary,
        life: message.life,
      });
    queue.splice(0).forEach(show);
    return setNotifySink(show);
  }, [queue]);
  return (
    <PrimeReactProvider value={PRIME_CONFIG}>
      <Toast ref={toast} position="top-center" />
    </PrimeReactProvider>
  );
}
