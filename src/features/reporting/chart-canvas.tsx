/**
 * One statistics chart on a canvas. chart.js loads on the first chart shown (dynamic import);
 * the figures are also in the table beside each chart, so the canvas is an image with a label
 * and a failed load says so without hiding the data.
 */
import { useEffect, useRef, useState } from 'react';
import { Message } from 'primereact/message';
import { useShownTheme } from '@/lib/theme';
import { reportStatistic as t } from '@/locale/reporting';

export type ChartKind = 'bar' | 'doughnut' | 'line';

export interface ChartCanvasProps {
  kind: ChartKind;
  /** What the chart shows (its accessible name). */
  title: string;
  labels: readonly string[];
  values: readonly number[];
}

const PALETTE = ['#3b82f6', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6', '#06b6d4', '#ec4899'];

export function ChartCanvas({ kind, title, labels, values }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  // A canvas takes no CSS: the chart is drawn again in the theme's colours when it changes.
  const theme = useShownTheme();

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('./chart-setup')
      .then(({ registeredChart }) => {
        if (cancelled || !canvas.current) return;
        const Chart = registeredChart();
        const style = getComputedStyle(canvas.current);
        const text = style.getPropertyValue('--text-color-secondary').trim();
        const rule = style.getPropertyValue('--surface-border').trim();
        const axis = { ticks: { color: text }, grid: { color: rule }, border: { color: rule } };
        const chart = new Chart(canvas.current, {
          type: kind,
          data: {
            labels: [...labels],
            datasets: [
              {
                label: t.dataset,
                data: [...values],
                backgroundColor:
                  kind === 'line' ? PALETTE[0] : labels.map((_, i) => PALETTE[i % PALETTE.length]),
                borderColor: PALETTE[0],
                maxBarThickness: 56,
              },
            ],
          },
          options: {
            // Drawn at once: the figures are the point, and a print or screenshot sees the end state.
            animation: false,
            maintainAspectRatio: false,
            plugins: { legend: { display: kind === 'doughnut', labels: { color: text } } },
            scales:
              kind === 'doughnut'
                ? {}
                : {
                    x: axis,
                    y: { ...axis, beginAtZero: true, ticks: { color: text, precision: 0 } },
                  },
          },
        });
        destroy = () => chart.destroy();
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [kind, labels, values, theme]);

  return (
    <div className="stat-chart">
      {failed ? (
        <Message severity="warn" text={t.chartFailed} />
      ) : (
        <canvas ref={canvas} role="img" aria-label={t.chartLabel(title)} />
      )}
    </div>
  );
}
