import { formatPrice, type SalesDay, type SalesReport } from '@shop/contracts';

/** The report's days are UTC calendar days (YYYY-MM-DD); they are shown as such, never shifted. */
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "May 17". */
export function formatShortDay(day: string): string {
  const date = asDate(day);
  return Number.isNaN(date.getTime()) ? day : shortDay.format(date);
}

/** "Fri, May 17, 2024". */
export function formatLongDay(day: string): string {
  const date = asDate(day);
  return Number.isNaN(date.getTime()) ? day : longDay.format(date);
}

/** A rate as people read it: 0.5 → '50%', 0.125 → '12.5%'; nothing sold in the period → '—'. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;
}

export const pluralise = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The day with the most revenue (the earliest of equals), or undefined when nothing sold. */
export function bestDay(perDay: SalesDay[]): SalesDay | undefined {
  let best: SalesDay | undefined;
  for (const day of perDay) if (day.revenue > 0 && (!best || day.revenue > best.revenue)) best = day;
  return best;
}

/** What the chart shows, in one sentence, for those who cannot see it. */
export function chartSummary(report: SalesReport): string {
  const period = `${formatShortDay(report.from)} to ${formatShortDay(report.to)}`;
  const total = `${formatPrice(report.totals.revenue)} from ${pluralise(report.totals.orders, 'order', 'orders')}`;
  const best = bestDay(report.perDay);
  const peak = best
    ? `; best day ${formatShortDay(best.day)} with ${formatPrice(best.revenue)} from ${pluralise(best.orders, 'order', 'orders')}`
    : '';
  return `Chart of revenue and orders per day, ${period}: ${total}${peak}. The figures are in the table of days below.`;
}
