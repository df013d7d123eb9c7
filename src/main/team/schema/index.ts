// Every team schema migration, in order. A new one is a new numbered file listed here.
import { migration0010 } from './0010-team';
import { migration0020 } from './0020-records-notify';
import { migration0030 } from './0030-ledger-when';
import { migration0040 } from './0040-shared-work';
import { migration0050 } from './0050-shared-watchlists';
import { migration0060 } from './0060-arbiter';
import type { TeamMigration } from './migrate';

export const teamMigrations: readonly TeamMigration[] = [migration0010, migration0020, migration0030, migration0040, migration0050, migration0060];
