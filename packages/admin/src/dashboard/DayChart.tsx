import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t } from '../lib/i18n';

/*
 * A chart of figures per day (ADR 0046), drawn by uPlot on a canvas that assistive technology
 * skips: the figure's caption says what it shows and sums it up, and the numbers are in a table
 * under "Show the numbers". The exact figures (decimal strings) are what the table and the legend
 * show; the canvas draws them as numbers, where a float's rounding cannot be seen.
 */

export interface ChartSeries {
  label: string;
  /** A CSS colour (the figure's own palette, ADR 0046). */
  color: string;
  /** One exact value per date. */
  values: string[];
  /** How a value reads (money with its currency, a count). */
  format: (value: string) => string;
  /** A dashed line (lengths of dash and gap, px): tells two close lines apart. */
  dash?: number[];
}

interface DayChartProps {
  id: string;
  title: string;
  summary: string;
  /** YYYY-MM-DD, oldest first. */
  dates: string[];
  series: ChartSeries[];
  kind: 'bars' | 'lines';
}

const DAY_SECONDS = 86_400;
const HEIGHT = 240;
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** A date as the charts and tables write it: "7 Mar". */
export const shortDate = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

export function DayChart({ id, title, summary, dates, series, kind }: DayChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const bars = kind === 'bars' && series.length > 0;
    // Bars of a day side by side: the first left of the day's tick, the second right of it.
    const barPaths = (index: number) => uPlot.paths.bars!({ size: [0.8 / series.length, 40], align: series.length === 1 ? 0 : index === 0 ? -1 : 1 });
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height: HEIGHT,
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        { incrs: [DAY_SECONDS, 2 * DAY_SECONDS, 7 * DAY_SECONDS, 14 * DAY_SECONDS], values: (_u, splits) => splits.map((split) => dayLabel.format(new Date(split * 1000))), stroke: '#5a6478', grid: { show: false } },
        { values: (_u, splits) => splits.map((split) => compact.format(split)), size: 56, stroke: '#5a6478', grid: { stroke: '#eaecf0' } },
      ],
      series: [
        { label: t('dashboard.date'), value: (_u, _value, _series, index) => (index === null ? '—' : shortDate(dates[index] ?? '')) },
        ...series.map((line, index) => ({
          label: line.label,
          stroke: line.color,
          fill: bars ? line.color : undefined,
          width: bars ? 0 : 2,
          ...(line.dash ? { dash: line.dash } : {}),
          points: { show: !bars && dates.length <= 31 },
          ...(bars ? { paths: barPaths(index) } : {}),
          value: (_u: uPlot, _value: number | null, _series: number, at: number | null) => (at === null ? '—' : line.format(line.values[at] ?? '0')),
        })),
      ],
    };
    const data: uPlot.AlignedData = [dates.map(secondsOf), ...series.map((line) => line.values.map(Number))];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, series, kind]);

  return (
    <figure className="dash-chart" aria-labelledby={`${id}-title`} data-testid={id}>
      <figcaption>
        <h3 id={`${id}-title`}>{title}</h3>
        <p className="dash-chart-summary">{summary}</p>
      </figcaption>
      <div className="dash-chart-canvas" ref={box} aria-hidden="true" />
      <details className="dash-numbers">
        <summary>{t('dashboard.showNumbers')}</summary>
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('table.frame')}>
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.date')}</th>
                {series.map((line) => (
                  <th scope="col" key={line.label} className="num">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, index) => (
                <tr key={date}>
                  <th scope="row" className="nowrap">
                    {shortDate(date)}
                  </th>
                  {series.map((line) => (
                    <td key={line.label} className="amount num">
                      {line.format(line.values[index] ?? '0')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
