// The PostgreSQL client, loaded when a Team workspace first needs it rather than when Scout
// starts: Demo and Production never touch PostgreSQL, and loading pg is a twentieth of a second
// before the first page. Its types are imported as types only, everywhere.
import { createRequire } from 'node:module';
import type Pg from 'pg';

let loaded: typeof Pg | null = null;

export function pgModule(): typeof Pg {
  return (loaded ??= createRequire(__filename)('pg') as typeof Pg);
}
