// The accounts feature's report model as other features use it (Compare compares reports on it,
// Discovery names countries and languages with it). React-free, and compiled by the Node test
// project too, so this surface lives beside the model rather than in ../index.ts.
export { buildReportModel, metricForPeriod, type MetricView, type ReportModel, type SeriesView, type ValueSource } from '../reportModel';
export { AGE_BUCKETS, countryName, languageName } from './breakdowns';
export { keptParts } from './kept';
export { at, isRec, num, own, rec, safely, type Rec } from './read';
export { bottomAxis, valueAxis } from './chartOptions';
export { reportSeries } from './series';
