// What every domain's fragment of the contract is built from: the operation type and the zod
// pieces more than one domain's requests use. A piece only one domain uses stays in its file.
import { z } from 'zod';
import { workspaceIds } from '@shared/workspaces';
import { isPositiveId } from '@shared/ids';
import { parseAccountRef, type AccountRef } from '@shared/accountInput';
import { networks, type Network } from '@shared/reports';

/** An operation: its request schema, and its response type carried as a phantom. */
export interface Operation<Req extends z.ZodType, Res> {
  readonly request: Req;
  readonly __response?: Res;
}

export function op<Res>() {
  return <Req extends z.ZodType>(request: Req): Operation<Req, Res> => ({ request });
}

/**
 * A domain's fragment: exactly one operation per channel of its `*.channels.ts` list (`satisfies`
 * refuses a missing one, and an extra one, at compile time).
 */
export type OperationsOf<C extends string> = Record<C, Operation<z.ZodType, unknown>>;

/** True when A and B are the same union: the compile-time checks that names and declarations agree. */
export type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const noInput = z.object({}).strict();
/**
 * Team: the researcher saw "the team database cannot be reached … buy anyway?" and said yes. Every
 * paid operation a Team workspace may refuse with TEAM_UNREACHABLE takes it.
 */
export const teamUnreachableConfirmed = { teamUnreachableConfirmed: z.literal(true).optional() };
export const workspaceId = z.enum(workspaceIds);

export const network = z.enum(networks);
/** An account as a caller names it: any spelling Add accounts reads (name, @name, channel or user id, profile link). */
export const account = z.string().max(2048, 'That account name is too long.');
export const runId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A run id is 1 to 64 letters, digits, - or _.');

/** A request as its handler receives it: the account read into its reference. */
export type WithAccountRef<T extends { network: Network; account: string }> = Omit<T, 'account'> & { account: AccountRef<T['network']> };

/**
 * Reads a request's `account`, for its `network`, into one AccountRef by the rules of Add
 * accounts: the handler receives the reference, never the text, so the cache key and the name
 * sent to the API come from this one parse.
 */
export function withAccountRef<S extends z.ZodType<{ network: Network; account: string }>>(schema: S) {
  return schema.transform((value, ctx): WithAccountRef<z.output<S>> => {
    const read = parseAccountRef(value.account, value.network);
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: read.reason });
      return z.NEVER;
    }
    return { ...value, account: read.value };
  });
}

/** The version of a shared thing an editor showed when the researcher began (a view's `team.version`). */
export const seenVersion = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** `{ version }` of what an editor showed, when that is all its edit needs to say (one field saved whole). */
export const seenOnly = z.object({ version: seenVersion }).strict().optional();
/** A list's or creator's id (the rule of ids.ts). */
export const positiveId = (message = 'An id is a whole number from 1.') => z.number().refine(isPositiveId, message);
/** A discovery page number: the API serves pages 1 to 500 (4.11). */
export const discoveryPage = z.number().int().min(1, 'Pages start at 1.').max(500, 'The API serves pages up to 500.');
/** A competitor analysis's id, as the API gives it. */
export const competitorId = z.string().min(1).max(100).regex(/^[\w-]+$/, 'That is not a competitor analysis id.');
