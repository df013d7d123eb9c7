// How a failure is worded where the researcher reads it, the same in an RPC error and in a
// progress event: a ScoutError as it is; anything else as INTERNAL, its own message kept for the
// log (and the RPC error's detail), never shown as the text.
import { ScoutError, type ScoutErrorData } from '@shared/errors';

/** The words a researcher reads for an unexpected failure. */
export const INTERNAL_MESSAGE = 'Something went wrong inside Scout. Your data is safe; try again, and if it repeats send the log file to support.';

/** An error as it crosses to the renderer: a ScoutError as it is, anything else as INTERNAL (the cause stays in the log). */
export function errorData(error: unknown): ScoutErrorData {
  if (error instanceof ScoutError) return error.toData();
  return { code: 'INTERNAL', message: INTERNAL_MESSAGE };
}

/** The same, as progress events carry it: code and message only. */
export function eventError(error: unknown): { code: string; message: string } {
  const { code, message } = errorData(error);
  return { code, message };
}

