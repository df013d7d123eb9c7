// The names the team schema lives under, declared once: the SQL an admin runs, the migrations
// and the client all read them from here.

/** The schema holding every team table. */
export const TEAM_SCHEMA = 'scout_team';
/** Owns the schema and its objects; NOLOGIN: only the admin acts as it (SET ROLE), never a laptop. */
export const OWNER_ROLE = 'scout_owner';
/** The group every researcher's own login role belongs to; it holds the researchers' grants. */
export const RESEARCHER_GROUP = 'scout_researcher';

/** First key of Scout's advisory locks (two-int form); the second says which lock. */
export const LOCK_SPACE = 23559;
export const LOCKS = { migrations: 1, recordsSequence: 2, sharedSequence: 4 } as const;
/** The channel a new shared-work change is announced on (its payload: the change's seq). */
export const SHARED_CHANNEL = 'scout_shared';

/**
 * A researcher's database role: plain lowercase, so it is the same whether quoted or not, and
 * never needs escaping in SQL or in messages.
 */
export { TEAM_ROLE_NAME as ROLE_NAME } from '@shared/team';

/** The channel a new record is announced on (its sequence number as the payload), for pulls to start at once. */
export const RECORDS_CHANNEL = 'scout_records';
