/**
 * The app's toasts: results of what the user did at the top (PrimeReact Toast), and notices
 * nobody asked for (pushed messages) one at a time in the bottom-right corner, so a notice
 * never stacks up or covers a result. Shows what was queued while it loaded, then every message.
 */
import { useEffect, useRef } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { Toast } from 'primereact/toast';
import { setNotifySink, type NotifyMessage } from '@/lib/notify';
import { PRIME_CONFIG } from './prime-config';

export default function ToastHost({ queue }: { queue: NotifyMessage[] }) {
  const toast = useRef<Toast>(null);
  const notices = useRef<Toast>(null);
  useEffect(() => {
    const show = (message: NotifyMessage) => {
      const target = message.channel === 'notice' ? notices.current : toast.current;
      if (message.channel === 'notice') target?.clear();
      target?.show({
        severity: message.severity,
        summary: message.summary,
        life: message.life,
      });
    };
    queue.splice(0).forEach(show);
    return setNotifySink(show);
  }, [queue]);
  return (
    <PrimeReactProvider value={PRIME_CONFIG}>
      <Toast ref={toast} position="top-center" />
      <Toast ref={notices} position="bottom-right" className="notice-toast" />
    </PrimeReactProvider>
  );
}
