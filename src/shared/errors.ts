// Errors that cross the process boundary. Every failure the renderer can see has a stable code
// (for logic and tests) and a message written for the researcher: what happened and what to do.

export const errorCodes = [
  'INVALID_INPUT',
  'UNKNOWN_OPERATION',
  'FORBIDDEN_SENDER',
  'INTERNAL',
  'NOT_SUPPORTED',
  'NO_CREDENTIALS',
  'KEYCHAIN_UNAVAILABLE',
  'CREDENTIALS_WRONG_ORIGIN',
  'DATABASE_FROM_FUTURE',
  'DATABASE_UNREADABLE',
  'DATABASE_BUSY',
  'DATABASE_EMPTIED',
  'DISK_FULL',
  'BACKUP_NOT_FOUND',
  'OFFLINE',
  'NETWORK',
  'TIMEOUT',
  'API_INVALID_TOKEN',
  'API_NO_ACCESS',
  'API_ACCOUNT_SUSPENDED',
  'API_OUT_OF_CREDITS',
  'API_BAD_REQUEST',
  'API_ACCESS_DENIED',
  'API_NOT_FOUND',
  'API_INVALID_USER_ID',
  'API_RATE_LIMITED',
  'API_UNAVAILABLE',
  'API_MALFORMED_RESPONSE',
  'API_CHANNEL_NOT_FOUND',
  'API_ACCOUNT_UNAVAILABLE',
  'API_NO_VIDEOS',
  'API_NO_VIEWS',
  'API_REPORT_CALCULATING',
  'API_ERROR',
  'COST_CHANGED',
  'WORKSPACE_CHANGED',
  'CANCELLED',
  'GENERATION_TIMEOUT',
  'LEDGER_UNRESOLVED',
  /** A paid call's answer was lost after the API charged for it; Scout did not ask again. */
  'PAID_ANSWER_LOST',
  /** Work that may spend is under way, so the workspace cannot be restored (or closed) now. */
  'WORK_UNDER_WAY',
  /** An archived PDF that is not (or no longer) in the archive. */
  'ARCHIVE_NOT_FOUND',
  /** An archived PDF whose file is gone from the archive folder. */
  'ARCHIVE_FILE_MISSING',
  /** The team database cannot be asked whether a teammate has (or is buying) this: buy anyway only when confirmed. */
  'TEAM_UNREACHABLE',
  /** A teammate is buying this now and did not finish while Scout waited; their name is said. */
  'TEAM_ITEM_HELD',
  /** The team database refused, or answered with something Scout cannot read. */
  'TEAM_FAILED',
  /** A Team workspace not connected to its team database (not set up, wrong password …): nothing is bought until it is. */
  'TEAM_NOT_CONNECTED',
  /** The spend would take the researcher past the monthly limit their team's admin set: refused, nothing sent. */
  'TEAM_LIMIT',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ScoutErrorData {
  code: ErrorCode;
  /** One or two sentences for the researcher: what happened and what to do next. */
  message: string;
  /** Technical detail for a bug report (never a secret). */
  detail?: string;
  /** Code of the remote API's error, when the failure came from it. */
  apiCode?: number | string;
  /**
   * With INVALID_INPUT: what is wrong with each field of the request, in plain words, keyed by
   * the field's name (`accountId`, `baseUrl`), so a form shows each message beside its field.
   */
  fields?: Record<string, string>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ScoutErrorData };

export class ScoutError extends Error {
  readonly code: ErrorCode;
  readonly detail?: string;
  readonly apiCode?: number | string;
  readonly fields?: Record<string, string>;

  constructor(data: ScoutErrorData, options?: { cause?: unknown }) {
    super(data.message, options);
    this.name = 'ScoutError';
    this.code = data.code;
    this.detail = data.detail;
    this.apiCode = data.apiCode;
    this.fields = data.fields;
  }

  toData(): ScoutErrorData {
    const data: ScoutErrorData = { code: this.code, message: this.message };
    if (this.detail !== undefined) data.detail = this.detail;
    if (this.apiCode !== undefined) data.apiCode = this.apiCode;
    if (this.fields !== undefined) data.fields = { ...this.fields };
    return data;
  }
}

export function isScoutErrorData(value: unknown): value is ScoutErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' &&
    (errorCodes as readonly string[]).includes(v.code) &&
    typeof v.message === 'string'
  );
}
