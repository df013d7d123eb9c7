// Types for scripts/electronRuntime.mjs, so its test can import it.
export interface DownloadFailure {
  version: string;
  failedAt: number;
}

export const RETRY_AFTER_MS: number;
export function readFailure(file: string, version: string): DownloadFailure | null;
export function writeFailure(file: string, version: string, failedAt: number): void;
export function clearFailure(file: string): void;
export function downloadPlan(state: { installed: boolean; failure: DownloadFailure | null; now: number; retry?: boolean }): { attempt: boolean; say: string | null; reason: string | null };
