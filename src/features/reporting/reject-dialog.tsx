/**
 * 驳回上报: the reason is required (and at most 200 characters, the contract's limit), checked
 * here in Chinese before the call; the server checks it again.
 */
import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { reporting as t } from '@/locale/reporting';

export const REJECT_REASON_MAX = 200;

/** The reason's problem in Chinese, or undefined when it may be sent. */
export function rejectReasonProblem(reason: string): string | undefined {
  const text = reason.trim();
  if (!text) return t.rejectReasonRequired;
  if (text.length > REJECT_REASON_MAX) return t.rejectReasonTooLong(REJECT_REASON_MAX);
  return undefined;
}

export interface RejectDialogProps {
  /** The report being rejected (its title is shown); null when closed. */
  title: string | null;
  busy: boolean;
  onReject: (reason: string) => Promise<unknown>;
  onHide: () => void;
}

function RejectForm({ title, busy, onReject, onHide }: RejectDialogProps & { title: string }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const submit = async () => {
    const found = rejectReasonProblem(reason);
    setProblem(found);
    if (found) return;
    try {
      await onReject(reason.trim());
      onHide();
    } catch {
      // The request client showed the server's message; the reason stays for another try.
    }
  };
  return (
    <form
      className="reject-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p>{t.rejectReport(title)}</p>
      <label htmlFor={`${id}-reason`} className="reject-form__label">
        <span className="reject-form__required" aria-hidden>
          *
        </span>
        {t.rejectReason}
      </label>
      <InputTextarea
        id={`${id}-reason`}
        value={reason}
        rows={4}
        autoFocus
        placeholder={t.rejectReasonPlaceholder}
        invalid={Boolean(problem)}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          if (problem) setProblem(rejectReasonProblem(e.target.value));
        }}
      />
      {problem && (
        <small id={`${id}-problem`} className="p-error" role="alert">
          {problem}
        </small>
      )}
      <div className="reject-form__actions">
        <Button type="button" label={t.cancel} outlined onClick={onHide} />
        <Button type="submit" label={t.rejectConfirm} severity="danger" loading={busy} />
      </div>
    </form>
  );
}

export function RejectDialog(props: RejectDialogProps) {
  return (
    <Dialog
      header={t.rejectTitle}
      visible={props.title !== null}
      onHide={props.onHide}
      style={{ width: '560px' }}
    >
      {/* Mounted per opening: each report starts with an empty reason. */}
      {props.title !== null && <RejectForm {...props} title={props.title} />}
    </Dialog>
  );
}
