// The one HTTP client of the remote API. Every call carries the two auth headers and `v=2`,
// has a timeout and an AbortSignal, and fails only with typed ScoutErrors.
import type { z } from 'zod';

import type { PlanInfo } from '@shared/contract';
import type { Credentials } from '../credentials/credentialStore';
import { errorFromApi, malformedResponse, networkError, timeoutError } from './apiErrors';
import { planInfoResponse, toPlanInfo } from './schemas';

export interface ApiClientOptions {
  baseUrl: string;
  credentials: () => Promise<Credentials>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export class ApiClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ApiClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async planInfo(call: CallOptions = {}): Promise<PlanInfo> {
    const body = await this.request('GET', 'auditor.planInfo', {}, planInfoResponse, call);
    return toPlanInfo(body);
  }

  /** Calls `/api/method/<method>/` and parses its JSON with `schema`. */
  async request<S extends z.ZodType>(
    httpMethod: 'GET' | 'POST',
    method: string,
    params: Record<string, string | number | boolean | undefined>,
    schema: S,
    call: CallOptions = {},
  ): Promise<z.output<S>> {
    const url = new URL(`/api/method/${method}/`, this.options.baseUrl);
    url.searchParams.set('v', '2');
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      (httpMethod === 'GET' ? url.searchParams : form).set(key, String(value));
    }
    const { accountId, apiToken } = await this.options.credentials();
    const headers: Record<string, string> = { 'x-auth-id': accountId, 'x-auth-token': apiToken, accept: 'application/json' };
    if (httpMethod === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';

    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const host = url.host;

    let status: number;
    let rawBody: string;
    try {
      const response = await this.fetchImpl(url, {
        method: httpMethod,
        headers,
        body: httpMethod === 'POST' ? form : undefined,
        signal,
        redirect: 'error',
      });
      status = response.status;
      rawBody = await response.text();
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason ?? error;
      if (timeout.aborted) throw timeoutError(host, timeoutMs);
      throw networkError(host, error);
    }

    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      if (status >= 400) throw errorFromApi(status, null, rawBody);
      throw malformedResponse(rawBody, `HTTP ${status}, body is not JSON`);
    }
    if (status >= 400 || (typeof json === 'object' && json !== null && 'error' in json)) {
      throw errorFromApi(status, json, rawBody);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw malformedResponse(rawBody, where);
    }
    return parsed.data;
  }
}


