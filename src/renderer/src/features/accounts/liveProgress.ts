// A report's progress as the screens follow it: a plain module, so the accounts slice and the
// progress components share it without the slice importing a component (and its data hooks).
import type { ReportProgress } from '@shared/reports';

/** A progress event and when it arrived, so elapsed time can keep counting between events. */
export type LiveProgress = ReportProgress & { receivedAt: number };

export const live = (progress: ReportProgress): LiveProgress => ({ ...progress, receivedAt: Date.now() });
