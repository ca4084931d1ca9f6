/**
 * 打印Demo: a printable report list and one page per report. 打印预览 shows the pages as
 * sheets; 打印 calls window.print(), whose output is the document alone: the print style sheet
 * hides the shell (sidebar, header, tabs, title) and every button while this screen is shown.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { formatTime } from '@/lib/format';
import { printDemo as t } from '@/locale/reporting';
import {
  getInformationreportingListQueryKey,
  informationreportingList,
} from '@generated/api/informationreporting/informationreporting';
import { PrintDocument, pageCount } from './print-document';
import './print.css';

/** The class on <html> that scopes the print style sheet to this screen while it is shown. */
export const PRINT_SCOPE_CLASS = 'print-demo-active';

/** Reports printed: the newest, at most this many (one page each). */
export const PRINT_LIMIT = 20;

const query = { pageindex: 1, pagesize: PRINT_LIMIT };

export default function PrintPage() {
  const [previewing, setPreviewing] = useState(false);
  const reports = useQuery({
    queryKey: getInformationreportingListQueryKey(query),
    queryFn: async ({ signal }) => (await informationreportingList(query, undefined, signal)).data,
  });
  const rows = reports.data?.data ?? [];
  // When the printed data was read: what the sheets show is as of then.
  const printedAt = formatTime(reports.dataUpdatedAt);

  // Kept-alive screens are hidden, and their effects cleaned up, when another tab is shown: the
  // print style sheet applies exactly while this screen is on screen.
  useEffect(() => {
    document.documentElement.classList.add(PRINT_SCOPE_CLASS);
    return () => document.documentElement.classList.remove(PRINT_SCOPE_CLASS);
  }, []);

  const printButton = (
    <Button
      type="button"
      icon="pi pi-print"
      label={t.print}
      disabled={!rows.length}
      onClick={() => window.print()}
    />
  );

  return (
    <div className="print-demo">
      <div className="print-toolbar">
        <p>{t.intro}</p>
        <div className="print-toolbar__actions">
          <Button
            type="button"
            icon="pi pi-eye"
            label={t.preview}
            outlined
            disabled={!rows.length}
            onClick={() => setPreviewing(true)}
          />
          {printButton}
          {reports.data && (
            <span className="print-toolbar__summary">
              {t.summary(rows.length, pageCount(rows.length))}
            </span>
          )}
        </div>
      </div>
      {reports.isError && <Message severity="error" text={t.failed} />}
      {reports.isLoading && <p>{t.loading}</p>}
      {reports.data && !rows.length && <Message severity="info" text={t.empty} />}
      {rows.length > 0 && <PrintDocument reports={rows} printedAt={printedAt} />}
      <Dialog
        header={t.previewTitle}
        visible={previewing}
        onHide={() => setPreviewing(false)}
        className="print-preview-dialog"
        style={{ width: '1100px' }}
        maximizable
        footer={
          <>
            <Button type="button" label={t.close} outlined onClick={() => setPreviewing(false)} />
            {printButton}
          </>
        }
      >
        <div className="print-preview">
          <PrintDocument reports={rows} printedAt={printedAt} />
        </div>
      </Dialog>
    </div>
  );
}
