// Every team schema migration, in order. A new one is a new numbered file listed here.
import { migration0010 } from './0010-team';
import { migration0020 } from './0020-records-notify';
import type { TeamMigration } from './migrate';

export const teamMigrations: readonly TeamMigration[] = [migration0010, migration0020];
