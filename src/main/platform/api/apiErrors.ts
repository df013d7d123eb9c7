// Maps every way a call to the remote API can fail onto a typed ScoutError whose message tells
// the researcher what happened and what to do. The API's own codes are in section 7 of
// shared/spec/api-reference.md; the HTTP statuses seen in practice are in api-notes.md.
import { ScoutError, type ErrorCode } from '@shared/errors';

interface ApiErrorInfo {
  code: ErrorCode;
  message: string;
}

const byApiCode: Record<number, ApiErrorInfo> = {
  1: { code: 'API_UNAVAILABLE', message: 'The API is temporarily unavailable (code 1). Try again in a few minutes.' },
  4: {
    code: 'API_INVALID_TOKEN',
    message: 'Invalid token: the API rejected the account id or API token (code 4). Check both in Settings → Production API.',
  },
  8: { code: 'API_BAD_REQUEST', message: 'The API refused the request as invalid (code 8).' },
  15: {
    code: 'API_ACCESS_DENIED',
    message: 'Access denied (code 15): this data needs an unlocked report. Open the account\'s report first.',
  },
  // Real answers give an unknown account as code 16 "Object not found" as often as CHANNEL_NOT_FOUND.
  16: {
    code: 'API_NOT_FOUND',
    message: 'The API found no such account or object (code 16, "Object not found"). Check the name or id; nothing was spent.',
  },
  26: {
    code: 'API_OUT_OF_CREDITS',
    message: 'Your plan has no credits left for this (code 26). Top up the plan, or keep working from the cache.',
  },
  27: {
    code: 'API_NO_ACCESS',
    message: 'No API access (code 27): this account has no API subscription, or it has expired. Renew it with the API provider.',
  },
  34: {
    code: 'API_ACCOUNT_SUSPENDED',
    message: 'Account is suspended (code 34). Contact the API provider; Scout keeps working from the cache meanwhile.',
  },
  103: { code: 'API_INVALID_USER_ID', message: 'The API did not accept that user id (code 103). Check the id and try again.' },
};

const byStatus: Record<number, ApiErrorInfo> = {
  400: byApiCode[8]!,
  402: byApiCode[27]!,
  // Code 4 is a bad id or token (matched by code above); a 403 without it is about the account.
  403: {
    code: 'API_ACCOUNT_UNAVAILABLE',
    message:
      'The API refused this account (HTTP 403): it is private or has no posts, so no report can be made, and nothing was spent. If every account fails like this, check the account id and token in Settings → Production API.',
  },
  404: { code: 'API_NOT_FOUND', message: 'The API found no such account (HTTP 404). Check the name or id; nothing was spent.' },
  429: {
    code: 'API_RATE_LIMITED',
    message: 'The API is limiting how fast Scout may ask (HTTP 429). Scout will slow down; try again in a minute.',
  },
};

/** Keeps what a researcher may need from a body, bounded, for the error's detail. */
export function excerpt(body: string, max = 2000): string {
  return body.length > max ? `${body.slice(0, max)}… (${body.length} characters)` : body;
}

// The report calls' string errors. Their delivery form is not documented (api-notes.md): they
// are recognised both as `error.code` and as `error.description`.
const stringErrors: Record<string, ApiErrorInfo> = {
  CHANNEL_NOT_FOUND: {
    code: 'API_CHANNEL_NOT_FOUND',
    message: 'The network has no account by that name (CHANNEL_NOT_FOUND). Check the spelling; nothing was spent.',
  },
  NO_VIDEOS: {
    code: 'API_NO_VIDEOS',
    message: 'That account has no videos, so no report can be made (NO_VIDEOS). Any credit charged is refunded.',
  },
  NO_VIEWS: {
    code: 'API_NO_VIEWS',
    message: "That account's videos have no views, so no report can be made (NO_VIEWS). Any credit charged is refunded.",
  },
  REPORT_CALCULATING: {
    code: 'API_REPORT_CALCULATING',
    message: 'The report is still being calculated (REPORT_CALCULATING). Scout will ask again.',
  },
};

export function errorFromApi(status: number, body: unknown, rawBody: string): ScoutError {
  const err = (body as { error?: { code?: unknown; description?: unknown } } | null)?.error;
  const apiCode = typeof err?.code === 'number' || typeof err?.code === 'string' ? err.code : undefined;
  const description = typeof err?.description === 'string' ? err.description : undefined;
  const numeric = typeof apiCode === 'number' ? apiCode : Number.NaN;
  const stringName = [apiCode, description].find((v): v is string => typeof v === 'string' && v in stringErrors);
  const known =
    (stringName ? stringErrors[stringName] : undefined) ??
    byApiCode[numeric] ??
    (status >= 500 ? byApiCode[1] : byStatus[status]);
  const detail = `HTTP ${status}${description ? `: ${description}` : ''} — ${excerpt(rawBody, 500)}`;
  if (known) return new ScoutError({ ...known, detail, apiCode: stringName ?? apiCode });
  return new ScoutError({
    code: 'API_ERROR',
    message: `The API answered with an error${description ? `: ${description}` : ` (HTTP ${status})`}.`,
    detail,
    apiCode,
  });
}

export function networkError(host: string, cause: unknown): ScoutError {
  const reason = (cause as { cause?: { code?: string }; code?: string })?.cause?.code ?? (cause as { code?: string })?.code;
  return new ScoutError(
    {
      code: 'NETWORK',
      message: `Scout could not reach ${host}${reason ? ` (${reason})` : ''}. Check the internet connection, or the workspace's API address in Settings. Cached data stays available.`,
      detail: (cause as Error)?.message,
    },
    { cause },
  );
}

export function timeoutError(host: string, timeoutMs: number): ScoutError {
  return new ScoutError({
    code: 'TIMEOUT',
    message: `${host} did not answer within ${Math.round(timeoutMs / 1000)} s. Try again; if it keeps happening the service may be slow or down.`,
  });
}

export function malformedResponse(rawBody: string, reason: string): ScoutError {
  return new ScoutError({
    code: 'API_MALFORMED_RESPONSE',
    message: 'The API sent an answer Scout cannot read, so nothing was saved. Try again later; if it persists, report it with the details.',
    detail: `${reason} — ${excerpt(rawBody)}`,
  });
}
