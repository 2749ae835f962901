import type { SalesDay } from '@shop/contracts';
import { render, screen } from '@testing-library/react';
import type { ChartConfiguration, TooltipItem } from 'chart.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SalesChart, salesChartConfig } from './sales-chart';
import { days } from './sales-test-utils';

// jsdom has no canvas: Chart itself is replaced by a recorder of what it is given.
const charts = vi.hoisted(
  () => [] as { canvas: HTMLCanvasElement; config: ChartConfiguration; destroy: () => void }[],
);
vi.mock('chart.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('chart.js')>();
  class RecordingChart {
    static register = vi.fn();
    static defaults = original.Chart.defaults;
    destroy = vi.fn();
    constructor(canvas: HTMLCanvasElement, config: ChartConfiguration) {
      charts.push({ canvas, config, destroy: this.destroy });
    }
  }
  return { ...original, Chart: RecordingChart };
});

afterEach(() => {
  charts.length = 0;
});

const week: SalesDay[] = days(7, '2024-06-07', { '2024-06-03': { revenue: 259.5, orders: 2 } });

describe('SalesChart', () => {
  it('draws on a canvas that is an image named by the summary', () => {
    render(<SalesChart perDay={week} summary="Revenue and orders per day: $259.50 from 2 orders." />);
    const canvas = screen.getByRole('img', { name: 'Revenue and orders per day: $259.50 from 2 orders.' });
    expect(canvas.tagName).toBe('CANVAS');
    expect(charts).toHaveLength(1);
    expect(charts[0]?.canvas).toBe(canvas);
  });

  it('is drawn anew for other figures and let go when it leaves', () => {
    const { rerender, unmount } = render(<SalesChart perDay={week} summary="Week" />);
    const first = charts[0];
    rerender(<SalesChart perDay={days(30, '2024-06-30')} summary="Month" />);
    expect(first?.destroy).toHaveBeenCalledTimes(1);
    expect(charts).toHaveLength(2);
    expect(charts[1]?.config.data.labels).toHaveLength(30);
    unmount();
    expect(charts[1]?.destroy).toHaveBeenCalledTimes(1);
  });
});

describe('salesChartConfig', () => {
  const config = salesChartConfig(week);

  it('shows revenue as bars and orders as a line, one point a day, on their own labelled axes', () => {
    expect(config.data.labels).toEqual(week.map((day) => day.day));
    const [revenue, orders] = config.data.datasets;
    expect(revenue).toMatchObject({ type: 'bar', label: 'Revenue', yAxisID: 'revenue' });
    expect(revenue?.data).toEqual([0, 0, 259.5, 0, 0, 0, 0]);
    expect(orders).toMatchObject({ type: 'line', label: 'Orders', yAxisID: 'orders' });
    expect(orders?.data).toEqual([0, 0, 2, 0, 0, 0, 0]);

    const scales = config.options?.scales ?? {};
    expect(scales.x?.title).toMatchObject({ display: true, text: 'Day (UTC)' });
    expect(scales.revenue?.title).toMatchObject({ display: true, text: 'Revenue ($)' });
    expect(scales.orders?.title).toMatchObject({ display: true, text: 'Orders' });
    expect(config.options).toMatchObject({ responsive: true, maintainAspectRatio: false });
  });

  it('explains a day in its tooltip: the date, the revenue as a price and the orders', () => {
    const callbacks = config.options?.plugins?.tooltip?.callbacks;
    const item = (label: string, y: number) =>
      ({ label: '2024-06-03', dataset: { label }, parsed: { x: 2, y } }) as unknown as TooltipItem<'bar'>;
    const title = callbacks?.title as unknown as (items: TooltipItem<'bar'>[]) => string;
    const label = callbacks?.label as unknown as (item: TooltipItem<'bar'>) => string;
    expect(title([item('Revenue', 259.5)])).toBe('Mon, Jun 3, 2024');
    expect(label(item('Revenue', 259.5))).toBe('Revenue: $259.50');
    expect(label(item('Orders', 2))).toBe('Orders: 2');
  });
});
