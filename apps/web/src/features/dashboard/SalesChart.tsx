/**
 * The last 30 days' net sales (bars) and gross profit (a line), right to left: the newest day at the left end, as an
 * Arabic reader's time runs, with the legend and tooltips laid out right to left. Chart.js draws on a canvas, so its
 * colours are read from the theme's variables when it draws (light or dark). Only the parts used are registered.
 */
import type { Dashboard } from '@mizan/contract';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { dashboardText as text } from './dashboardText.ts';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

const themeColor = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** "2026-08-15" → "15/8": the day and the month, short enough for 30 labels on a phone. */
const dayLabel = (iso: string) => `${Number(iso.slice(8, 10))}/${Number(iso.slice(5, 7))}`;

/** Whether the device shows the dark theme now: the chart is drawn again when it changes. */
const darkScheme = window.matchMedia('(prefers-color-scheme: dark)');
const subscribeScheme = (changed: () => void) => {
  darkScheme.addEventListener('change', changed);
  return () => darkScheme.removeEventListener('change', changed);
};

export default function SalesChart({ days, showProfit }: { days: Dashboard['chart']; showProfit: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useSyncExternalStore(subscribeScheme, () => darkScheme.matches);
  useEffect(() => {
    void dark;
    if (!canvas.current) return;
    const textColor = themeColor('--ion-text-color', '#1f2933');
    const grid = themeColor('--ion-color-step-150', 'rgba(128,128,128,0.25)');
    const sales = themeColor('--ion-color-primary', '#1b6e5a');
    const profit = themeColor('--ion-color-warning', '#c98a12');
    const font = { family: getComputedStyle(document.body).fontFamily };
    const chart = new Chart(canvas.current, {
      data: {
        labels: days.map((d) => dayLabel(d.date)),
        datasets: [
          {
            type: 'bar',
            label: text.netSales,
            data: days.map((d) => Number(d.net_sales)),
            backgroundColor: sales,
            order: 2,
          },
          ...(showProfit
            ? [
                {
                  type: 'line' as const,
                  label: text.grossProfit,
                  data: days.map((d) => Number(d.gross_profit ?? 0)),
                  borderColor: profit,
                  backgroundColor: profit,
                  pointRadius: 2,
                  tension: 0.25,
                  order: 1,
                },
              ]
            : []),
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        locale: 'en',
        plugins: {
          legend: { rtl: true, textDirection: 'rtl', labels: { color: textColor, font } },
          tooltip: {
            rtl: true,
            textDirection: 'rtl',
            titleFont: font,
            bodyFont: font,
            callbacks: {
              title: (items) => {
                const day = days[items[0]?.dataIndex ?? 0];
                return day ? day.date.split('-').reverse().join('/') : '';
              },
              label: (item) => ` ${item.dataset.label}: ${formatDecimal(String(item.raw))}`,
            },
          },
        },
        scales: {
          // Right to left: the oldest day at the right, today at the left; the amounts' axis on the right.
          x: {
            reverse: true,
            ticks: { color: textColor, font, maxRotation: 0, autoSkipPadding: 8 },
            grid: { color: grid },
          },
          y: {
            position: 'right',
            beginAtZero: true,
            ticks: { color: textColor, font, callback: (value) => formatDecimal(String(value), 0) },
            grid: { color: grid },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days, showProfit, dark]);
  return (
    <div className="dashboard-chart">
      <canvas ref={canvas} role="img" aria-label={text.chart} data-testid="dashboard-chart" />
    </div>
  );
}
