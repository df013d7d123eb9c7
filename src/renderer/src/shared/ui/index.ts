// The UI kit: what a page is assembled from, so the pages look and behave alike. See README.md.
export * from '@shared/format';
export { DataTable, type Column, type DataTableProps } from './DataTable';
export { VirtualTable, type VirtualColumn, type VirtualTableProps } from './VirtualTable';
export { emptySelection, keepShown, type Selection, type SortOrder, type SortState } from '@shared/dataTable';
export { FormField, type FieldControlProps } from './FormField';
export { StatusBadge, type StatusTone } from './StatusBadge';
export { EmptyState, ErrorState, OfflineState } from './States';
export { ConfirmSpend, type ConfirmSpendProps } from './ConfirmSpend';
export { TeamQuoteAsk, TeamQuoteLine, asksBuyAnyway, teamQuotePanel } from './TeamQuote';
export { TeamUnreachableConfirm, isTeamUnreachable, teamConfirmed, type TeamUnreachableConfirmProps } from './TeamUnreachableConfirm';
export { openOutside } from './openOutside';
export { SectionNav, type PageSection } from './SectionNav';
export { NetworkSelect } from './NetworkSelect';
export { ExportActions, type ExportActionsProps } from './ExportActions';
export { ChangedMeanwhile, type ChangedMeanwhileProps } from './ChangedMeanwhile';
