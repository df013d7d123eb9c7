export const workspaceIds = ['demo', 'production', 'team'] as const;
export type WorkspaceId = (typeof workspaceIds)[number];

/**
 * The workspaces that talk to the real API with the agency's own address and credentials:
 * Production, and Team (the same API account, with a team database beside it).
 */
export const apiWorkspaceIds = ['production', 'team'] as const satisfies readonly WorkspaceId[];
export type ApiWorkspaceId = (typeof apiWorkspaceIds)[number];

export const DEFAULT_PRODUCTION_BASE_URL = 'https://hypeauditor.com';

export const workspaceLabels: Record<WorkspaceId, string> = {
  demo: 'Demo (simulator)',
  production: 'Production',
  team: 'Team',
};

/**
 * Shows enough of an account id to recognise it, never the whole of it: `12345678` → `12••••78`.
 * Short ids keep only their first character.
 */
export function maskAccountId(accountId: string): string {
  const id = accountId.trim();
  if (id.length <= 4) return `${id.slice(0, 1)}${'•'.repeat(Math.max(id.length - 1, 3))}`;
  const keep = id.length >= 8 ? 2 : 1;
  return `${id.slice(0, keep)}${'•'.repeat(id.length - keep * 2)}${id.slice(-keep)}`;
}

/** `localhost`, `[::1]` and 127.0.0.0/8: a simulator on this computer, where plain http is acceptable. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Why an API address cannot be used, or null when it can. Credentials travel in headers, so only
 * https is accepted, except plain http to a simulator on the loopback interface.
 */
export function apiAddressProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter an address starting with https:// (for example https://hypeauditor.com).';
  }
  if (url.username || url.password) return 'The API address must not contain a user name or password.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  if (url.protocol === 'http:') {
    return 'Use an https:// address: the API token would travel unencrypted over http. Plain http is accepted only for a simulator on this computer (localhost, 127.0.0.1 or [::1]).';
  }
  return 'Enter an address starting with https:// (for example https://hypeauditor.com).';
}

/** The origin credentials are bound to: scheme, host and port of the API address. */
export function apiOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin;
}
