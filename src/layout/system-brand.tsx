/** The system's logo and title (SYS_LOGO, SYS_TITLE of the stored settings, or the defaults). */
import { useState, useSyncExternalStore } from 'react';
import {
  DEFAULT_LOGO,
  FALLBACK_LOGO,
  getSessionVersion,
  getSystemSettings,
  subscribeSession,
} from '@/lib/session';
import { shell } from '@/locale/shell';
import './system-brand.css';

export function SystemBrand({ className = 'shell-brand' }: { className?: string }) {
  useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
  const settings = getSystemSettings();
  const wanted = settings.SYS_LOGO || DEFAULT_LOGO;
  // The address that failed to load; a new SYS_LOGO is tried again without an effect.
  const [failed, setFailed] = useState<string>();
  const logo = failed === wanted ? FALLBACK_LOGO : wanted;
  const title = settings.SYS_TITLE || shell.defaultTitle;
  return (
    <div className={className}>
      <img src={logo} alt="" className="shell-brand__logo" onError={() => setFailed(wanted)} />
      <span className="shell-brand__title" title={title}>
        {title}
      </span>
    </div>
  );
}
