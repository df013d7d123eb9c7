// The research workflow's status steps: the editor (Settings), the step names in table cells and
// filters, and the hook reading them.
export { StatusStepsSection } from './StatusStepsSection';
export { RowNotes, StatusFilterOptions, StatusName, StatusStepsProvider } from './StatusName';
export { useStatusSteps } from './useStatusSteps';
export { hasNotesFilter, NotesFilter, passesNotesFilter, useNotesIndex, type NotesFilterValue, type NotesIndex } from './notesFilter';
