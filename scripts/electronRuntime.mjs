// Whether `npm start` tries to download Electron's runtime, and what it says. Where the download
// cannot work (no internet), trying it on every start printed "downloading … (once)" each time and
// waited on it: a failed download is written down (with Electron's version) and not tried again for
// a day, unless asked (SCOUT_RETRY_ELECTRON=1); browser mode starts at once instead, saying why.
import fs from 'node:fs';
import path from 'node:path';

/** How long a failed download is not tried again. */
export const RETRY_AFTER_MS = 24 * 3600 * 1000;

/** The failed download written down in `file`, when it was for `version`; null otherwise (or unreadable). */
export function readFailure(file, version) {
  try {
    const read = JSON.parse(fs.readFileSync(file, 'utf8'));
    return read && read.version === version && Number.isFinite(read.failedAt) ? { version, failedAt: read.failedAt } : null;
  } catch {
    return null;
  }
}

/** Writes the failed download down (a failure to write it only means the next start tries again). */
export function writeFailure(file, version, failedAt) {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ version, failedAt }));
  } catch {
    // Tried again at the next start.
  }
}

/** Forgets a failed download (the runtime is here now). */
export function clearFailure(file) {
  fs.rmSync(file, { force: true });
}

/**
 * What `npm start` does about the runtime: nothing when it is installed; download it (saying so)
 * when it never failed, when its last failure is a day old or for another Electron, or when asked
 * again; otherwise not now, with the reason browser mode starts instead (why, and how to try now).
 */
export function downloadPlan({ installed, failure, now, retry = false }) {
  if (installed) return { attempt: false, say: null, reason: null };
  if (failure && !retry && now - failure.failedAt < RETRY_AFTER_MS) {
    const when = new Date(failure.failedAt).toISOString().slice(0, 16).replace('T', ' ');
    return { attempt: false, say: null, reason: `the Electron runtime is not installed (its download failed at ${when} UTC; Scout tries again a day later, or now with SCOUT_RETRY_ELECTRON=1)` };
  }
  return { attempt: true, say: failure ? 'Scout: downloading the Electron runtime again…\n' : 'Scout: downloading the Electron runtime (the first start only)…\n', reason: null };
}
