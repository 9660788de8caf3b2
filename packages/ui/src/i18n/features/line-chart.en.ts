import type { Translation } from '../messages.ts';
import type { lineChartAr } from './line-chart.ar.ts';

/** English messages of the line chart: every key of the Arabic file, checked by the type. */
export const lineChartEn: Translation<typeof lineChartAr> = {
  'lineChart.noData': 'No readings yet.',
  'lineChart.seriesEmpty': '{name}: no readings yet.',
  'lineChart.seriesSummary': '{name}: now {latest}, lowest {low}, highest {high}.',
};
