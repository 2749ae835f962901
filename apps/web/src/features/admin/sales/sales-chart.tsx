import { formatPrice, type SalesDay } from '@shop/contracts';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatLongDay, formatShortDay } from './sales-format';

// Only the pieces this chart uses, so the rest of Chart.js stays out of the bundle. This file is the only
// one that imports Chart.js, and only the Sales tab imports it: the library never reaches the storefront.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);
Chart.defaults.font.family = '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
Chart.defaults.color = '#555';

const ACCENT = '#ff5a1f';
const INK = '#111111';

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Revenue per day as bars on the left axis, orders per day as a line on the right one. */
export function salesChartConfig(perDay: SalesDay[]): ChartConfiguration<'bar' | 'line', number[], string> {
  return {
    type: 'bar',
    data: {
      labels: perDay.map((day) => day.day),
      datasets: [
        {
          type: 'bar',
          label: 'Revenue',
          data: perDay.map((day) => day.revenue),
          yAxisID: 'revenue',
          backgroundColor: 'rgba(255, 90, 31, 0.75)',
          hoverBackgroundColor: ACCENT,
          borderRadius: 3,
          order: 2,
        },
        {
          type: 'line',
          label: 'Orders',
          data: perDay.map((day) => day.orders),
          yAxisID: 'orders',
          borderColor: INK,
          backgroundColor: INK,
          borderWidth: 2,
          pointRadius: perDay.length > 45 ? 0 : 2,
          pointHoverRadius: 4,
          tension: 0.25,
          order: 1,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion() ? false : { duration: 300 },
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          title: { display: true, text: 'Day (UTC)' },
          grid: { display: false },
          ticks: {
            autoSkip: true,
            maxRotation: 0,
            callback(value) {
              return formatShortDay(this.getLabelForValue(Number(value)));
            },
          },
        },
        revenue: {
          type: 'linear',
          position: 'left',
          beginAtZero: true,
          title: { display: true, text: 'Revenue ($)' },
          ticks: { callback: (value) => `$${Number(value).toLocaleString('en-US')}` },
        },
        orders: {
          type: 'linear',
          position: 'right',
          beginAtZero: true,
          title: { display: true, text: 'Orders' },
          ticks: { precision: 0 },
          grid: { drawOnChartArea: false },
        },
      },
      plugins: {
        legend: { position: 'top', align: 'end', labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? formatLongDay(items[0].label) : ''),
            label: (item) =>
              item.dataset.label === 'Revenue'
                ? `Revenue: ${formatPrice(item.parsed.y ?? 0)}`
                : `Orders: ${item.parsed.y ?? 0}`,
          },
        },
      },
    },
  };
}

/**
 * The chart of revenue and orders per day, as wide as its box. A canvas says nothing to a screen
 * reader: it is an image named by `summary`, and the page gives the figures in a table as well.
 */
export function SalesChart({ perDay, summary }: { perDay: SalesDay[]; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, salesChartConfig(perDay));
    return () => chart.destroy();
  }, [perDay]);

  return (
    <div className="sales-chart">
      <canvas ref={canvas} role="img" aria-label={summary}>
        {summary}
      </canvas>
    </div>
  );
}
