// The research workflow's status steps: the step names in table cells and filters, and the hook
// reading them. Their editor is Settings' (features/settings/StatusStepsSection.tsx): it checks
// steps with zod, which the library's first page, reading this barrel, need not load.
export { RowNotes, StatusFilterOptions, StatusName, StatusStepsProvider } from './StatusName';
export { useStatusSteps } from './useStatusSteps';
export { hasNotesFilter, NotesFilter, passesNotesFilter, useNotesIndex, type NotesFilterValue, type NotesIndex } from './notesFilter';
