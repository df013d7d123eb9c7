export const workspaceIds = ['demo', 'production'] as const;
export type WorkspaceId = (typeof workspaceIds)[number];

export const DEFAULT_PRODUCTION_BASE_URL = 'https://hypeauditor.com';

export const workspaceLabels: Record<WorkspaceId, string> = {
  demo: 'Demo (simulator)',
  production: 'Production',
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
