// How every call reaches the API: auth headers and `v=2`, a timeout and the caller's
// AbortSignal, retries with backoff only where repeating is safe, a rate limit, and a circuit
// that turns the workspace unreachable when the API stops answering.
//
// The rule that keeps credits safe: a failure is classified by whether the API can have acted
// on the request. `not-processed` (connection refused, 429, a 500 with the API's own code 1)
// may be retried. `unknown` (timeout or reset after sending, an unreadable answer, a gateway
// error) is retried only for calls that spend nothing; a paid call with an unknown outcome goes
// back to the caller, who resolves it by reading state.
import {
  circuitBreaker,
  ConsecutiveBreaker,
  DelegateBackoff,
  handleWhen,
  isBrokenCircuitError,
  retry,
  type IRetryBackoffContext,
} from 'cockatiel';
import PQueue from 'p-queue';
import { BodyTooLarge, describeBytes, readCapped } from '../net/cappedBody';
import { ScoutError, type ScoutErrorData } from '@shared/errors';
import type { Credentials } from '../credentials/credentialStore';
import { errorFromApi, malformedResponse, networkError, timeoutError } from './apiErrors';

export type CallOutcome = 'not-processed' | 'unknown' | 'answered';

/** A failed call, with what the API may have done about it. */
export class ApiCallError extends ScoutError {
  readonly outcome: CallOutcome;
  readonly retryAfterMs: number | null;
  readonly status: number | null;
  /** The body as received, for the researcher, when it could not be used. */
  readonly rawBody: string | null;

  constructor(
    data: ScoutErrorData,
    info: { outcome: CallOutcome; retryAfterMs?: number | null; status?: number | null; rawBody?: string | null; cause?: unknown },
  ) {
    super(data, { cause: info.cause });
    this.name = 'ApiCallError';
    this.outcome = info.outcome;
    this.retryAfterMs = info.retryAfterMs ?? null;
    this.status = info.status ?? null;
    this.rawBody = info.rawBody ?? null;
  }

  static from(error: ScoutError, info: ConstructorParameters<typeof ApiCallError>[1]): ApiCallError {
    return new ApiCallError(error.toData(), { cause: error, ...info });
  }
}

export interface HttpRequest {
  /** `auditor.report` → /api/method/auditor.report/; a path starting with `/` is used as is. */
  operation: string;
  method: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined>;
  form?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
}

export interface CallOptions {
  /** The call may spend a credit: never repeated when its outcome is unknown. */
  paid?: boolean;
  /** TikTok report calls share a limit of about 100 a minute. */
  rateGroup?: 'tiktok-report';
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface HttpAnswer {
  status: number;
  body: unknown;
  rawBody: string;
  headers: Headers;
}

export interface TransportOptions {
  baseUrl: string;
  credentials: () => Promise<Credentials>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  retry?: { maxAttempts?: number; initialDelayMs?: number; maxDelayMs?: number };
  circuit?: { consecutiveFailures?: number; halfOpenAfterMs?: number };
  /** Requests a minute for TikTok reports (the API allows about 100). */
  tiktokPerMinute?: number;
  /** The rate limit's window (a minute; tests shorten it). */
  rateWindowMs?: number;
  concurrency?: number;
  onReachability?: (reachable: boolean, reason: string | null) => void;
  /** The largest answer read (MAX_API_ANSWER_BYTES; tests lower it). */
  maxAnswerBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The largest answer Scout reads from the API: its biggest answers (an Instagram report, a page of
 * posts) are well under a megabyte. Past it reading stops: a broken or hostile server cannot take
 * the process's memory, and the call counts as lost after sending (its cost is read from the balances).
 */
export const MAX_API_ANSWER_BYTES = 32 * 1024 * 1024;

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Undici names the reason for a failed fetch in `cause.code`. */
function failureCode(error: unknown): string | undefined {
  const e = error as { cause?: { code?: string; cause?: { code?: string } }; code?: string };
  return e?.cause?.code ?? e?.cause?.cause?.code ?? e?.code;
}

// Failures that happen before the request can have reached the API.
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export class ApiTransport {
  private readonly fetchImpl: typeof fetch;
  private readonly general: PQueue;
  private readonly tiktokLane: PQueue;
  private readonly breaker;

  constructor(private readonly options: TransportOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.general = new PQueue({ concurrency: options.concurrency ?? 6 });
    this.tiktokLane = new PQueue({ intervalCap: options.tiktokPerMinute ?? 90, interval: options.rateWindowMs ?? 60_000 });
    this.breaker = circuitBreaker(
      handleWhen((e) => e instanceof ApiCallError && (e.code === 'NETWORK' || e.code === 'TIMEOUT' || e.code === 'API_UNAVAILABLE')),
      {
        halfOpenAfter: options.circuit?.halfOpenAfterMs ?? 15_000,
        breaker: new ConsecutiveBreaker(options.circuit?.consecutiveFailures ?? 4),
      },
    );
    this.breaker.onBreak(() => options.onReachability?.(false, `${new URL(options.baseUrl).host} stopped answering`));
    this.breaker.onReset(() => options.onReachability?.(true, null));
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Sends one request through the queues, the circuit and the retry policy. */
  async send(request: HttpRequest, call: CallOptions = {}): Promise<HttpAnswer> {
    const attempt = () => this.withCircuit(() => this.once(request, call));
    const retrying = this.retryPolicy(call);
    const run = () => retrying.execute(() => attempt(), call.signal);
    const lane = () => this.general.add(run, { signal: call.signal });
    try {
      return (await (call.rateGroup === 'tiktok-report' ? this.tiktokLane.add(lane, { signal: call.signal }) : lane())) as HttpAnswer;
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason ?? error;
      throw error;
    }
  }

  private async withCircuit(fn: () => Promise<HttpAnswer>): Promise<HttpAnswer> {
    try {
      return await this.breaker.execute(fn);
    } catch (error) {
      if (isBrokenCircuitError(error)) {
        throw new ApiCallError(
          {
            code: 'OFFLINE',
            message: `The API at ${new URL(this.options.baseUrl).host} is not answering, so Scout is working offline for now and will try again shortly. Cached data stays available.`,
          },
          { outcome: 'not-processed' },
        );
      }
      throw error;
    }
  }

  private retryPolicy(call: CallOptions) {
    const cfg = this.options.retry ?? {};
    const initial = cfg.initialDelayMs ?? 500;
    const max = cfg.maxDelayMs ?? 20_000;
    return retry(
      handleWhen((e) => {
        if (!(e instanceof ApiCallError) || e.code === 'OFFLINE') return false;
        if (e.outcome === 'answered') return false;
        if (e.outcome === 'unknown' && call.paid) return false;
        return ['NETWORK', 'TIMEOUT', 'API_UNAVAILABLE', 'API_RATE_LIMITED', 'API_MALFORMED_RESPONSE'].includes(e.code);
      }),
      {
        maxAttempts: (cfg.maxAttempts ?? 4) - 1,
        // Exponential with full jitter; the API's Retry-After wins when it says more.
        backoff: new DelegateBackoff<IRetryBackoffContext<unknown>>((context) => {
          const ceiling = Math.min(max, initial * 2 ** (context.attempt - 1));
          const jittered = Math.random() * ceiling;
          const error = 'error' in context.result ? context.result.error : null;
          const asked = error instanceof ApiCallError ? error.retryAfterMs : null;
          // Retry-After is the API's instruction: it is not cut to our own ceiling (a minute at most).
          return asked === null ? jittered : Math.min(60_000, Math.max(jittered, asked));
        }),
      },
    );
  }

  private async once(request: HttpRequest, call: CallOptions): Promise<HttpAnswer> {
    const url = request.operation.startsWith('/')
      ? new URL(request.operation, this.options.baseUrl)
      : new URL(`/api/method/${request.operation}/`, this.options.baseUrl);
    url.searchParams.set('v', '2');
    for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const { accountId, apiToken, origin } = await this.options.credentials();
    // The last check before the token leaves: it goes only to the origin it was entered for,
    // whatever address this client was built with or the request names.
    if (url.origin !== origin) {
      throw new ApiCallError(
        {
          code: 'CREDENTIALS_WRONG_ORIGIN',
          message: `The saved API credentials were entered for ${origin}, not for ${url.origin}, so Scout did not send them. Enter the account id and token again in Settings for this address.`,
        },
        { outcome: 'not-processed' },
      );
    }
    const headers: Record<string, string> = { 'x-auth-id': accountId, 'x-auth-token': apiToken, accept: 'application/json' };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(request.form)) if (v !== undefined) form.set(k, String(v));
      body = form.toString();
    }

    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const host = url.host;

    let response: Response;
    let rawBody: string;
    try {
      response = await this.fetchImpl(url, { method: request.method, headers, body, signal, redirect: 'error' });
      rawBody = new TextDecoder().decode(await readCapped(response, this.options.maxAnswerBytes ?? MAX_API_ANSWER_BYTES));
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason ?? error;
      if (error instanceof BodyTooLarge) {
        throw ApiCallError.from(malformedResponse('', `the answer is larger than ${describeBytes(error.limit)}; Scout stopped reading it`), { outcome: 'unknown', cause: error });
      }
      if (timeout.aborted) throw ApiCallError.from(timeoutError(host, timeoutMs), { outcome: 'unknown', cause: error });
      const code = failureCode(error);
      return Promise.reject(ApiCallError.from(networkError(host, error), { outcome: code && notSentCodes.has(code) ? 'not-processed' : 'unknown', cause: error }));
    }

    const status = response.status;
    let json: unknown;
    try {
      json = rawBody.length ? JSON.parse(rawBody) : null;
    } catch {
      if (status >= 400) throw this.httpError(status, null, rawBody, response.headers);
      throw ApiCallError.from(malformedResponse(rawBody, `HTTP ${status}, body is not JSON`), { outcome: 'unknown', status, rawBody });
    }
    const hasError = typeof json === 'object' && json !== null && 'error' in json && (json as { error: unknown }).error;
    if (status >= 400 || hasError) throw this.httpError(status, json, rawBody, response.headers);
    return { status, body: json, rawBody, headers: response.headers };
  }

  private httpError(status: number, json: unknown, rawBody: string, headers: Headers): ApiCallError {
    const mapped = errorFromApi(status, json, rawBody);
    const apiCode = (json as { error?: { code?: unknown } } | null)?.error?.code;
    let outcome: CallOutcome = 'answered';
    if (status === 429) outcome = 'not-processed';
    else if (status === 500 && apiCode === 1) outcome = 'not-processed';
    // A gateway error without the API's own body: the API behind it may or may not have acted.
    else if (status >= 500) outcome = 'unknown';
    return ApiCallError.from(mapped, { outcome, status, rawBody, retryAfterMs: retryAfterMs(headers) });
  }
}
