/**
 * The daily sales value and profit as a line chart (Fluent UI v9's charts). Loaded on its own
 * (React.lazy in the sales screen): the chart library arrives after the screen is painted and
 * never on the way to any other screen. The table view next to it is the accessible alternative.
 */
import { DataVizPalette, LineChart, type LineChartPoints } from '@fluentui/react-charts';
import { makeStyles } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from './sales-money';
import type { DailyPoint } from './sales-period';

const useStyles = makeStyles({ frame: { width: '100%', minWidth: 0 } });

const HEIGHT = 300;
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

export default function SalesChart({ points, title }: { points: readonly DailyPoint[]; title: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('salesmanagement');
  const language = i18n.language;
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
  return (
    <div className={styles.frame} data-testid="sales-chart">
      <LineChart
        data={data}
        height={HEIGHT}
        // Room for the widest yen tick (-¥1,234,567).
        margins={{ left: 88, right: 24, top: 16, bottom: 40 }}
        useUTC
        culture={language === 'ja' ? 'ja-JP' : 'en-US'}
        customDateTimeFormatter={(date) => date.toISOString().slice(5, 10)}
        yAxisTickFormat={(value: number) => formatYen(value, language)}
        legendProps={{ allowFocusOnLegends: true }}
      />
    </div>
  );
}
