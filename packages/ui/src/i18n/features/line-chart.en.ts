import type { lineChartAr } from './line-chart.ar.ts';

/** English messages of the line chart: every key of the Arabic file, checked by the type. */
export const lineChartEn: Record<keyof typeof lineChartAr, string> = {
  'lineChart.noData': 'No readings yet.',
  'lineChart.seriesEmpty': '{name}: no readings yet.',
  'lineChart.seriesSummary': '{name}: now {latest}, lowest {low}, highest {high}.',
};
