// The API's limits on the creators filters (spec 4.10), checked where they are typed (the
// creators form) and again by main before anything is sent.

/** `creator_ids`: at most this many ids in one call. */
export const MAX_CREATOR_IDS = 1000;
/** `creator_accounts`: at most this many accounts in one call. */
export const MAX_CREATOR_ACCOUNTS = 100;

/**
 * A creator's name as Scout shows it: the API's creator id is no name, so one without a name is
 * named by an account's title or handle, else said to have none. The page and the files say the same.
 */
export function creatorName(creator: { name: string | null; accounts: readonly { title: string | null; username: string | null }[] }): string {
  return creator.name ?? creator.accounts.find((a) => a.title)?.title ?? creator.accounts.find((a) => a.username)?.username ?? 'Unnamed creator';
}
