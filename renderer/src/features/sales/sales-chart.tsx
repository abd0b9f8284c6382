/**
 * The daily sales value and profit as a line chart (Fluent UI v9's charts). Loaded on its own
 * (React.lazy in the sales screen): the chart library arrives after the screen is painted and
 * never on the way to any other screen. The table view next to it is the accessible alternative.
 */
import { DataVizPalette, LineChart, type LineChartPoints } from '@fluentui/react-charts';
import { makeStyles } from '@fluentui/react-components';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/page-state';
import { formatYen } from './sales-money';
import type { DailyPoint } from './sales-period';

const useStyles = makeStyles({ frame: { width: '100%', minWidth: 0 } });

const HEIGHT = 300;
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
/** About this many dates under the axis; the first and last day of the period always. */
const TICKS = 6;

/** Dates for the axis, all inside the period: left to itself the chart ran ticks past its end. */
export function dayTicks(dates: readonly string[]): Date[] {
  if (dates.length === 0) return [];
  const step = Math.max(1, Math.ceil((dates.length - 1) / (TICKS - 1)));
  const picked = dates.filter((_d, i) => i % step === 0);
  const last = dates.at(-1) as string;
  if (picked.at(-1) !== last) {
    // The last tick moves to the period's end rather than crowding it.
    if (picked.length > 1 && dates.indexOf(last) - dates.indexOf(picked.at(-1) as string) < step / 2)
      picked.pop();
    picked.push(last);
  }
  return picked.map(dayOf);
}

export default function SalesChart({ points, title }: { points: readonly DailyPoint[]; title: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('salesmanagement');
  const language = i18n.language;
  const frame = useRef<HTMLDivElement>(null);
  const empty = points.every((p) => p.salesValue === 0 && p.profit === 0);
  // The chart writes some screen-reader texts in English with no prop to say otherwise (its
  // legend "Legends", "Line chart with 2 lines. The X axis displays time…", "line 1 of 2 with 30
  // data points"): they are said again in the user's language, each time the chart writes them.
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const say = () => {
      const relabel = (el: Element, label: string) => {
        if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      };
      root
        .querySelectorAll('[role="listbox"][aria-label]')
        .forEach((el) => relabel(el, t('common:a11y.legends')));
      for (const el of root.querySelectorAll('[aria-label]')) {
        const label = el.getAttribute('aria-label') ?? '';
        const chart = /Line chart with (\d+) lines?\./.exec(label);
        if (chart) relabel(el, t('chart.summary', { title, count: Number(chart[1]) }));
        const line = /^(.*), line (\d+) of (\d+) with (\d+) data points?\.$/.exec(label);
        if (line) {
          const [, legend, index, count, points] = line;
          relabel(el, t('chart.lineSummary', { legend, index, count, points }));
        }
      }
    };
    say();
    const watch = new MutationObserver(say);
    watch.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => watch.disconnect();
  }, [t, title, empty]);
  const ticks = useMemo(() => dayTicks(points.map((p) => p.date)), [points]);
  const data = useMemo(() => {
    const series = (legend: string, color: string, pick: (p: DailyPoint) => number): LineChartPoints => ({
      legend,
      color,
      data: points.map((p) => ({
        x: dayOf(p.date),
        y: pick(p),
        xAxisCalloutData: p.date,
        yAxisCalloutData: formatYen(pick(p), language),
      })),
    });
    return {
      chartTitle: title,
      lineChartData: [
        series(t('chart.salesValue'), DataVizPalette.color1, (p) => p.salesValue),
        series(t('chart.profit'), DataVizPalette.color2, (p) => p.profit),
      ],
    };
  }, [points, title, t, language]);
  // A period without sales drew a flat line on an axis of ¥0 and ¥0.
  if (empty) return <EmptyState title={t('errors:noData')} />;
  return (
    <div ref={frame} className={styles.frame} data-testid="sales-chart">
      <LineChart
        data={data}
        height={HEIGHT}
        // Room for the widest yen tick (-¥1,234,567).
        margins={{ left: 88, right: 24, top: 16, bottom: 40 }}
        useUTC
        culture={language === 'ja' ? 'ja-JP' : 'en-US'}
        tickValues={ticks}
        customDateTimeFormatter={(date) => date.toISOString().slice(5, 10)}
        yAxisTickFormat={(value: number) => formatYen(value, language)}
        legendProps={{ allowFocusOnLegends: true }}
      />
    </div>
  );
}
