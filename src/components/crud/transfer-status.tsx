/** A file on its way to or from the server, as the import dialog and the 导出 button show it. */
import type { CSSProperties } from 'react';
import { ProgressBar } from 'primereact/progressbar';
import { crudTransfer } from '@/locale/crud-dialogs';
import type { TransferState } from './transfer-calls';

/**
 * Under the 导出 button, over what follows: the toolbar keeps its width and does not wrap.
 * Above the list's sticky header (z-index 2), below PrimeReact's overlays (1000 and up).
 */
const FLOATING: CSSProperties = {
  position: 'absolute',
  top: 'calc(100% + 0.25rem)',
  left: 0,
  zIndex: 10,
  padding: '0.25rem 0.5rem',
  borderRadius: '6px',
  background: 'var(--surface-overlay)',
  boxShadow: '0 1px 4px var(--shell-shadow)',
};

/** A file on its way: a bar (determinate when the size is known) and what is happening. */
export function TransferStatus({
  state,
  label,
  floating = false,
}: {
  state: TransferState;
  label: string;
  floating?: boolean;
}) {
  const text =
    state.phase === 'checking'
      ? crudTransfer.checking
      : state.phase === 'sending'
        ? crudTransfer.sending(state.percent)
        : crudTransfer.downloading(state.percent);
  const known = state.phase !== 'checking' && state.percent !== undefined;
  return (
    <span
      className="crud-transfer"
      role="status"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.5rem',
        ...(floating ? FLOATING : {}),
      }}
    >
      <ProgressBar
        mode={known ? 'determinate' : 'indeterminate'}
        value={known ? state.percent : undefined}
        showValue={false}
        aria-label={label}
        style={{ width: '8rem', height: '0.5rem' }}
        // PrimeReact eases each change over 1 s: the fill would trail the percentage beside it.
        pt={{ value: { style: { transition: 'width 0.2s linear' } } }}
      />
      <small style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{text}</small>
    </span>
  );
}
