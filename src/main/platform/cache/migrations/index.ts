// Every migration, in order. A test checks that each file in this folder is listed here.
import type { Migration } from '../migrate';
import { migration0010 } from './0010-workspace-meta';
import { migration0020 } from './0020-reports';
import { migration0030 } from './0030-media';
import { migration0040 } from './0040-history-and-mentions';
import { migration0050 } from './0050-creators-and-lists';
import { migration0060 } from './0060-discovery-and-competitor';
import { migration0070 } from './0070-files';
import { migration0080 } from './0080-search';
import { migration0090 } from './0090-credit-ledger';
import { migration0100 } from './0100-ledger-balances';
import { migration0110 } from './0110-fetch-attempts';
import { migration0120 } from './0120-comparisons';
import { migration0130 } from './0130-pdf-archive';
import { migration0140 } from './0140-competitor-posts';
import { migration0150 } from './0150-discovery-workspace';
import { migration0160 } from './0160-ledger-item';
import { migration0170 } from './0170-engagement-basis';
import { migration0180 } from './0180-list-names';
import { migration0190 } from './0190-agency';
import { migration0200 } from './0200-team-sync';
import { migration0206 } from './0206-list-pages';
import { migration0210 } from './0210-team-ledger-outbox';
import { migration0220 } from './0220-shared-work';
import { migration0230 } from './0230-library-at-scale';
import { migration0240 } from './0240-watchlists';
import { migration0250 } from './0250-alerts';
import { migration0260 } from './0260-research-status';
import { migration0270 } from './0270-shortlist-figures';
import { migration0280 } from './0280-brand-mention-alerts';
import { migration0290 } from './0290-watched-gone';
import { migration0300 } from './0300-team-claim-tokens';
import { migration0310 } from './0310-team-outgoing';
import { migration0320 } from './0320-campaigns';

export const migrations: readonly Migration[] = [
  migration0010,
  migration0020,
  migration0030,
  migration0040,
  migration0050,
  migration0060,
  migration0070,
  migration0080,
  migration0090,
  migration0100,
  migration0110,
  migration0120,
  migration0130,
  migration0140,
  migration0150,
  migration0160,
  migration0170,
  migration0180,
  migration0190,
  migration0200,
  migration0206,
  migration0210,
  migration0220,
  migration0230,
  migration0240,
  migration0250,
  migration0260,
  migration0270,
  migration0280,
  migration0290,
  migration0300,
  migration0310,
  migration0320,
];
