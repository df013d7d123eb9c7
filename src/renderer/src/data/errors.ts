// How a failed call reaches a page: a ScoutCallError with the code, message and per-field messages
// main chose, and errorMessage, the renderer's one wording of any failure. No DOM here, so tests
// and the pure cores of the data layer import it.
import type { ScoutErrorData } from '@shared/errors';

export class ScoutCallError extends Error {
  readonly code: ScoutErrorData['code'];
  readonly detail?: string;
  /** Per field of the request, what is wrong with it (INVALID_INPUT): for FormField to show. */
  readonly fields: Readonly<Record<string, string>>;
  constructor(data: ScoutErrorData) {
    super(data.message);
    this.name = 'ScoutCallError';
    this.code = data.code;
    this.detail = data.detail;
    this.fields = fieldsOf(data.fields);
  }
}

/** Field messages are only ever strings; anything else an old or broken host sends is dropped. */
function fieldsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The per-field messages of a failed call, empty when it had none. */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ScoutCallError ? error.fields : {};
}

export function errorMessage(error: unknown): string {
  if (error instanceof ScoutCallError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
