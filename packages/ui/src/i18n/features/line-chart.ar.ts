/** Arabic messages of the line chart of @darsak/ui; keys start with 'lineChart.'. */
export const lineChartAr = {
  'lineChart.noData': 'لا قراءات بعد.',
  'lineChart.seriesEmpty': '{name}: لا قراءات بعد.',
  'lineChart.seriesSummary': '{name}: الآن {latest}، الأدنى {low}، الأعلى {high}.',
} as const;
