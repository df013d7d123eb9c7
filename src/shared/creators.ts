// The API's limits on the creators filters (spec 4.10), checked where they are typed (the
// creators form) and again by main before anything is sent.

/** `creator_ids`: at most this many ids in one call. */
export const MAX_CREATOR_IDS = 1000;
/** `creator_accounts`: at most this many accounts in one call. */
export const MAX_CREATOR_ACCOUNTS = 100;
