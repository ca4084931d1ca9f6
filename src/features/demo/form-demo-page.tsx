/**
 * 表单控件演示: a DynamicForm with every upload control. 保存 keeps the submitted values and shows
 * them; 重新打开表单 opens the form again from them, as editing a saved record would.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { DynamicForm, type FormValues } from '@/components/form';
import { notify } from '@/lib/notify';
import { uploadDemo as t } from '@/locale/upload';
import { DEMO_FIELDS } from './form-demo-fields';

export default function FormDemoPage() {
  const [saved, setSaved] = useState<FormValues | null>(null);
  // A new key mounts a fresh form from the saved values.
  const [opening, setOpening] = useState(0);
  return (
    <div className="card">
      <p>{t.intro}</p>
      <DynamicForm
        key={opening}
        fields={DEMO_FIELDS}
        record={saved ?? undefined}
        submitLabel={t.save}
        onSubmit={(values) => {
          setSaved(values);
          notify.success(t.saved);
        }}
      />
      <section aria-label={t.savedValues}>
        <h3>{t.savedValues}</h3>
        <Button
          type="button"
          label={t.reopen}
          icon="pi pi-refresh"
          outlined
          disabled={!saved}
          onClick={() => setOpening((n) => n + 1)}
        />
        <pre data-testid="saved-values">
          {saved ? JSON.stringify(saved, null, 2) : t.nothingSaved}
        </pre>
      </section>
    </div>
  );
}
