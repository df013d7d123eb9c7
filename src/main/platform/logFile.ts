// The log file: appended line by line, rotated by size so a long-running Scout never fills the
// disk with its own log (scout.log → scout.log.1 → … → scout.log.<keep>, the oldest dropped).
import fs from 'node:fs';
import path from 'node:path';
import { chmodQuietly, ensurePrivateDir, PRIVATE_FILE_MODE } from './privateFiles';

export interface LogRotation {
  /** Size at which the file is rotated. */
  maxBytes: number;
  /** Rotated files kept besides the current one. */
  keep: number;
}

export const DEFAULT_LOG_ROTATION: LogRotation = { maxBytes: 5 * 1024 * 1024, keep: 3 };

/** Returns a writer that never throws: a log that cannot be written is skipped. */
export function rotatingFileWriter(file: string, rotation: LogRotation = DEFAULT_LOG_ROTATION): (line: string) => void {
  try {
    ensurePrivateDir(path.dirname(file));
  } catch {
    // Written to stderr only, then.
  }
  let size = sizeOf(file);
  return (line) => {
    const bytes = Buffer.byteLength(line) + 1;
    try {
      if (size > 0 && size + bytes > rotation.maxBytes) {
        rotate(file, rotation.keep);
        size = 0;
      }
      const existed = size > 0 || fs.existsSync(file);
      fs.appendFileSync(file, line + '\n', { mode: PRIVATE_FILE_MODE });
      if (!existed) chmodQuietly(file, PRIVATE_FILE_MODE);
      size += bytes;
    } catch {
      // Logging must never take the app down; the size is read again next time.
      size = sizeOf(file);
    }
  };
}

function rotate(file: string, keep: number): void {
  fs.rmSync(`${file}.${keep}`, { force: true });
  for (let i = keep - 1; i >= 1; i--) {
    if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`);
  }
  if (keep >= 1) fs.renameSync(file, `${file}.1`);
  else fs.rmSync(file, { force: true });
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
