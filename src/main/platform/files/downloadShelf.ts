// Browser mode's exports: the file is written into the data folder's `exports` folder and handed
// out once, at an address named by a random token (`/exports/<token>`, behind the session like
// every other address), within half an hour; then it is deleted. Nothing stays there across
// runs: the folder is emptied when Scout starts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../privateFiles';

export const DOWNLOAD_TTL_MS = 30 * 60_000;
/** The address a download is handed out at. */
export const downloadPath = (token: string) => `/exports/${token}`;
export const DOWNLOAD_PATH_PATTERN = /^\/exports\/([A-Za-z0-9_-]{43})$/;

export interface ShelvedFile {
  file: string;
  fileName: string;
  mimeType: string;
}

export class DownloadShelf {
  private readonly shelved = new Map<string, ShelvedFile & { expiresAt: number }>();

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  /** A place for a file to hand out: where to write it, and its token once written. */
  place(fileName: string, mimeType: string): { file: string; token: string } {
    this.sweep();
    ensurePrivateDir(this.dir);
    const token = crypto.randomBytes(32).toString('base64url');
    const file = path.join(this.dir, token);
    this.shelved.set(token, { file, fileName, mimeType, expiresAt: this.now() + DOWNLOAD_TTL_MS });
    return { file, token };
  }

  /** The file for a token, once: the entry is gone after this (the caller deletes the file when served). */
  take(token: string): ShelvedFile | null {
    this.sweep();
    const found = this.shelved.get(token);
    if (!found) return null;
    this.shelved.delete(token);
    return { file: found.file, fileName: found.fileName, mimeType: found.mimeType };
  }

  /** Forgets a place never written (a cancelled or failed export). */
  drop(token: string): void {
    const found = this.shelved.get(token);
    this.shelved.delete(token);
    if (found) fs.rmSync(found.file, { force: true });
  }

  /** Deletes what was not fetched in time. */
  sweep(): void {
    const now = this.now();
    for (const [token, entry] of this.shelved) {
      if (entry.expiresAt > now) continue;
      this.shelved.delete(token);
      fs.rmSync(entry.file, { force: true });
    }
  }

  close(): void {
    this.shelved.clear();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
