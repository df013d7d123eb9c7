// The report model as the rest of Scout uses it (the report page shows it, Compare compares
// reports on it, Discovery names countries and languages with it, a client report's content is
// built from it). Pure (no DOM, no React, no echarts), so main can build exports from the cache
// with the very model the screens show. The report page's chart options stay in the renderer
// (src/renderer/src/features/accounts/model/chartOptions.ts).
export { buildReportModel, metricForPeriod, type MetricView, type ReportModel, type SeriesView, type ValueSource } from './reportModel';
export { AGE_BUCKETS, countryName, languageName } from './breakdowns';
export { keptParts } from './kept';
export { at, isRec, num, own, rec, safely, type Rec } from './read';
export { reportSeries } from './series';
