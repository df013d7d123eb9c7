// The desktop window's page comes from app://scout/, a privileged scheme served from the built
// renderer, not from file://: under file:// the CSP's 'self' would cover every local file, and
// a page could read any of them. Only files inside the renderer folder are answered, each with
// the same CSP browser mode sends as a header.
import fs from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '@shared/securityPolicy';

export const APP_SCHEME = 'app';
export const APP_HOST = 'scout';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * standard: relative URLs and a real origin, so 'self' means app://scout and nothing else;
 * secure: a secure context like https; supportFetchAPI + corsEnabled: Vite's
 * `<script type="module" crossorigin>` loads through CORS. Deliberately not bypassCSP,
 * allowServiceWorkers or stream.
 */
export const appSchemePrivileges = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
} as const;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const baseHeaders = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
};

function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: { ...baseHeaders, 'content-type': 'text/plain; charset=utf-8' } });
}

/** The handler for `protocol.handle(APP_SCHEME, …)`. */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  const root = path.resolve(rendererDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'Method not allowed');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refusal(400, 'Bad address');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refusal(404, 'Not found');
    let pathname: string;
    try {
      // The URL parser already folds /../ segments; an encoded %2F or %5C would survive it.
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return refusal(400, 'Bad address');
    }
    if (pathname.includes('\0')) return refusal(400, 'Bad address');
    if (pathname === '/' || pathname === '') pathname = '/index.html';
    const file = path.resolve(root, `.${pathname}`);
    const inside = path.relative(root, file);
    if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) return refusal(404, 'Not found');
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      // Missing, a folder, or unreadable: the page gets the same answer for each.
      return refusal(404, 'Not found');
    }
    const contentType = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...baseHeaders, 'content-type': contentType, 'content-length': String(body.length) },
    });
  };
}
