// A thin HTTP client for simulator tests: real requests over loopback, answers as parsed JSON.
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../src/simulator/server';

export interface SimReply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests walk arbitrary API JSON
  text: string;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  params?: Record<string, string | number>;
  form?: Record<string, string>;
  json?: unknown;
  multipart?: Record<string, string>;
  headers?: Record<string, string>;
  auth?: [string, string] | null;
}

export interface SimTest {
  sim: SimulatorHandle;
  call(path: string, options?: CallOptions): Promise<SimReply>;
  /** `/api/method/auditor.<name>/` */
  method(name: string, options?: CallOptions): Promise<SimReply>;
  close(): Promise<void>;
}

export async function simTest(options: SimulatorOptions = {}): Promise<SimTest> {
  const sim = await startSimulator({ generationMs: 1000, ...options });
  const call = async (path: string, o: CallOptions = {}): Promise<SimReply> => {
    const url = new URL(path, sim.url);
    for (const [k, v] of Object.entries(o.params ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...o.headers };
    const auth: [string, string] | null = o.auth === undefined ? ['demo', 'demo-token'] : o.auth;
    if (auth) {
      headers['x-auth-id'] = auth[0];
      headers['x-auth-token'] = auth[1];
    }
    let body: RequestInit['body'];
    if (o.form) {
      body = new URLSearchParams(o.form);
    } else if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] ??= 'application/json';
    } else if (o.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(o.multipart)) form.set(k, v);
      body = form;
    }
    const method = o.method ?? (body ? 'POST' : 'GET');
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  return {
    sim,
    call,
    method: (name, o) => call(`/api/method/auditor.${name}/`, o),
    close: () => sim.close(),
  };
}

export const GENERATION_MS = 1000;
