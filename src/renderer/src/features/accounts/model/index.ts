// What other features may use of the report page's chart options (Compare draws its axes the
// same way). The report model itself is src/shared/reportModel.
export { bottomAxis, valueAxis } from './chartOptions';
