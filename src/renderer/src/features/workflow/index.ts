// The research workflow's status steps: the editor (Settings), the step names in table cells and
// filters, and the hook reading them.
export { StatusStepsSection } from './StatusStepsSection';
export { StatusFilterOptions, StatusName, StatusStepsProvider } from './StatusName';
export { useStatusSteps } from './useStatusSteps';
