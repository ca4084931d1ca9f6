/** The system's logo and title (SYS_LOGO, SYS_TITLE of the stored settings, or the defaults). */
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  DEFAULT_LOGO,
  FALLBACK_LOGO,
  getSessionVersion,
  getSystemSettings,
  subscribeSession,
} from '@/lib/session';
import { shell } from '@/locale/shell';

export function SystemBrand({ className = 'shell-brand' }: { className?: string }) {
  useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
  const settings = getSystemSettings();
  const [logo, setLogo] = useState(settings.SYS_LOGO || DEFAULT_LOGO);
  useEffect(() => setLogo(settings.SYS_LOGO || DEFAULT_LOGO), [settings.SYS_LOGO]);
  const title = settings.SYS_TITLE || shell.defaultTitle;
  return (
    <div className={className}>
      <img src={logo} alt="" className="shell-brand__logo" onError={() => setLogo(FALLBACK_LOGO)} />
      <span className="shell-brand__title" title={title}>
        {title}
      </span>
    </div>
  );
}
