// The API client's half of "nothing reaches a paid operation except through the paid-work
// kernel" (kernel/paidWork.ts). Operations that can spend or move a balance are listed here;
// the client refuses them unless the call runs inside the kernel's pass, which only the kernel
// grants (a lint rule keeps other modules from importing `withKernelPass`). The pass is carried
// by AsyncLocalStorage, so it follows the kernel's own awaits and nothing else: a service that
// calls `api.search()` itself is refused before anything is sent.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ScoutError } from '@shared/errors';
import { INTERNAL_MESSAGE } from '../errorWording';

/** The kernel's pass: 'spend' while it sends a call that may spend, 'poll' for a free poll. */
type Lane = 'spend' | 'poll';
const pass = new AsyncLocalStorage<Lane>();

/** Operations that may spend a credit or move a balance (spec 3, 4; media, mentions and lists are observed). */
const balanceTouching: readonly RegExp[] = [
  /^auditor\.(report|youtube|twitter|tiktok|tiktokByUserId|twitch|snapchat)$/,
  /^auditor\.(reportMedia|youtubeMedia|instagramHistory|twitterHistory|tiktokBrandMentions|youtubeBrandMentions)$/,
  /^auditor\.[a-z]+Pdf$/,
  /^auditor\.(list|search)$/,
  /^\/api\/marketanalysis\/instagramCompetitorAnalysis$/,
];

export function touchesBalance(operation: string): boolean {
  return balanceTouching.some((pattern) => pattern.test(operation));
}

/** Runs `work` with the kernel's pass. Only kernel/paidWork.ts calls this (eslint enforces it). */
export function withKernelPass<T>(work: () => Promise<T>, lane: Lane = 'poll'): Promise<T> {
  return pass.run(lane, work);
}

/**
 * Whether the transport must treat this call as paid: a balance-touching operation sent in the
 * kernel's spend lane is never repeated when its outcome is unknown (a repeated create or page
 * could be paid twice), whatever the caller passed as `paid`.
 */
export function sentAsPaid(operation: string): boolean {
  return touchesBalance(operation) && pass.getStore() === 'spend';
}

/** Called by the API client before anything is sent. */
export function assertKernelPass(operation: string): void {
  if (touchesBalance(operation) && pass.getStore() === undefined) {
    throw new ScoutError({
      code: 'INTERNAL',
      message: INTERNAL_MESSAGE,
      detail: `${operation} may spend a credit and was called outside the paid-work kernel; nothing was sent.`,
    });
  }
}
