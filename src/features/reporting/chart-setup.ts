/**
 * chart.js with only the parts the statistics charts draw. Imported dynamically by
 * ChartCanvas, so the library is fetched when 统计分析 shows a chart and never before.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Chart with the statistics' parts registered. Registration happens in this call, not at module
 * top level: the bundler drops a top-level call whose result nobody uses.
 */
export function registeredChart(): typeof Chart {
  Chart.register(
    ArcElement,
    BarController,
    BarElement,
    CategoryScale,
    DoughnutController,
    Legend,
    LinearScale,
    LineController,
    LineElement,
    PointElement,
    Tooltip,
  );
  return Chart;
}
