// Tests' side of the real PostgreSQL (test/postgresServer.ts): the server, and a describe that
// is skipped, with its reason, only where PostgreSQL is not installed.
import { describe } from 'vitest';
import { postgresMissing } from './postgresServer';

export * from './postgresServer';

/**
 * `describe` for tests that need a real server: skipped, with the reason in its name, only when
 * the binaries are absent (CI installs them, so there they always run).
 */
export function describeWithPostgres(name: string, body: () => void): void {
  if (postgresMissing) describe.skip(`${name} (skipped: ${postgresMissing})`, body);
  else describe(name, body);
}
