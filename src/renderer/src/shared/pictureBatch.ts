// A page's pictures are asked for together: a library page draws 100 avatars in one commit, and
// one call for all of them costs the page and main a fraction of what 100 calls do (measured on
// the first page at 100,000 reports: ~0.3 s of a cold start on two cores).
import { PICTURES_PER_CALL, type PictureAnswer } from '@shared/pictures';

interface Waiter {
  resolve(dataUrl: string | null): void;
  reject(error: unknown): void;
}

/**
 * A loader of one picture by URL (its data: URL, or null when Scout has not stored it) that sends
 * the pictures asked for in one turn as one call of at most `perCall`; a picture answered `later`
 * (the answer was full) goes into the next call.
 */
export function pictureBatcher(ask: (urls: string[]) => Promise<readonly PictureAnswer[]>, perCall = PICTURES_PER_CALL): (url: string) => Promise<string | null> {
  let waiting = new Map<string, Waiter[]>();
  let scheduled = false;

  const enqueue = (url: string, waiters: Waiter[]) => {
    const list = waiting.get(url);
    if (list) list.push(...waiters);
    else waiting.set(url, [...waiters]);
    if (scheduled) return;
    scheduled = true;
    // A macrotask, not a microtask: every effect of the commit that drew the rows has run by then.
    setTimeout(send, 0);
  };

  const send = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const urls = [...batch.keys()];
    for (let start = 0; start < urls.length; start += perCall) {
      const part = urls.slice(start, start + perCall);
      ask(part).then(
        (answers) =>
          part.forEach((url, i) => {
            const answer: unknown = answers[i];
            const waiters = batch.get(url)!;
            if (isLater(answer)) return enqueue(url, waiters);
            // Anything but a data: URL (a broken or older host) reads as "not stored".
            const dataUrl = isPicture(answer) ? answer.dataUrl : null;
            for (const waiter of waiters) waiter.resolve(dataUrl);
          }),
        (error: unknown) => part.forEach((url) => batch.get(url)!.forEach((waiter) => waiter.reject(error))),
      );
    }
  };

  return (url) => new Promise((resolve, reject) => enqueue(url, [{ resolve, reject }]));
}

function isLater(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { later?: unknown }).later === true;
}

function isPicture(answer: unknown): answer is { dataUrl: string } {
  return typeof answer === 'object' && answer !== null && typeof (answer as { dataUrl?: unknown }).dataUrl === 'string' && (answer as { dataUrl: string }).dataUrl.startsWith('data:image/');
}
