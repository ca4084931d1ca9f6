/**
 * 图表: a chart type and title for the table it is made from; a table the rules refuse
 * (../chart-rules.ts) shows why instead, and 确认 is off.
 */
import { useId, useState } from 'react';
import { editorDialogs, editorFields as f } from '@/locale/editor';
import type { ChartType } from '../model/blocks';
import { ChoiceField, DialogShell, TextField, type DialogProps } from './dialog-shell';

const TYPES: readonly { value: ChartType; label: string }[] = [
  { value: 'bar', label: f.chartBar },
  { value: 'line', label: f.chartLine },
  { value: 'pie', label: f.chartPie },
];

export function ChartDialog({
  error,
  onSubmit,
  ...shell
}: DialogProps & { error: string; onSubmit: (type: ChartType, title: string) => void }) {
  const id = useId();
  const [type, setType] = useState<ChartType>('bar');
  const [title, setTitle] = useState('');
  return (
    <DialogShell
      {...shell}
      header={editorDialogs.chart}
      width={440}
      onOk={() => onSubmit(type, title)}
      okDisabled={!!error}
    >
      {error ? (
        <p className="p-error" role="alert">
          {error}
        </p>
      ) : (
        <>
          <ChoiceField
            legend={f.chartType}
            name={`${id}-type`}
            choices={TYPES}
            value={type}
            onChange={setType}
          />
          <TextField label={f.chartTitle} id={`${id}-title`} value={title} onChange={setTitle} />
        </>
      )}
    </DialogShell>
  );
}
