// Scout's data (reports, the credit ledger, logs) is the researcher's alone: folders 0700,
// files 0600. The mode is set again after creating, since a umask or an existing file may differ.
import fs from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and any missing parents) private; an existing folder is left as it is. */
export function ensurePrivateDir(dir: string): void {
  if (fs.existsSync(dir)) return;
  const first = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodQuietly(dir, PRIVATE_DIR_MODE);
  if (first && first !== dir) chmodQuietly(first, PRIVATE_DIR_MODE);
}

/** Creates the file empty if missing, and makes it private either way. */
export function makePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodQuietly(file, PRIVATE_FILE_MODE);
}

export function chmodQuietly(target: string, mode: number): void {
  try {
    fs.chmodSync(target, mode);
  } catch {
    // Windows and some mounted file systems have no POSIX modes; the file is still usable.
  }
}
