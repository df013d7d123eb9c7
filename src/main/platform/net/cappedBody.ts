// Reading a body Scout did not write (an API answer, a PDF or picture from a link in one) with a
// hard cap: the bytes are counted as they arrive and reading stops the moment they pass the cap,
// whatever the headers declared. A declared length past the cap is refused before reading; an
// absent or lying one costs nothing more than the cap. One rule for every download, so memory
// stays flat however large or endless the body.
import fs from 'node:fs';
import { PRIVATE_FILE_MODE, chmodQuietly } from '../privateFiles';

/** A body larger than its cap; `declared`: the headers said so before anything was read. */
export class BodyTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly declared: boolean,
  ) {
    super(`the body is larger than ${describeBytes(limit)}`);
    this.name = 'BodyTooLarge';
  }
}

/** '200 MB', '5 MB', '512 KB': a cap in words. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

async function refuseDeclared(response: Response, limit: number): Promise<void> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLarge(limit, true);
  }
}

/** Each chunk of the body, until it ends or passes `limit` (then the rest is cancelled). */
async function* chunksWithin(response: Response, limit: number): AsyncGenerator<Uint8Array> {
  await refuseDeclared(response, limit);
  if (!response.body) return;
  const reader = response.body.getReader();
  let total = 0;
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      total += value.byteLength;
      if (total > limit) throw new BodyTooLarge(limit, false);
      yield value;
    }
  } finally {
    // Stops the transfer (and frees the socket) whenever reading ends early: too large, a failed write, a cancel.
    if (!ended) await reader.cancel().catch(() => {});
  }
}

/** The whole body in memory, at most `limit` bytes (a picture, an API answer). */
export async function readCapped(response: Response, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunksWithin(response, limit)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body streamed into `file` (created private; it must not exist), at most `limit` bytes;
 * resolves to the bytes written. On any failure — too large, cancelled, a full disk — the
 * partial file is removed and the error passed on.
 */
export async function streamToFile(response: Response, file: string, limit: number): Promise<number> {
  const handle = await fs.promises.open(file, 'wx', PRIVATE_FILE_MODE);
  let written = 0;
  try {
    for await (const chunk of chunksWithin(response, limit)) {
      let offset = 0;
      while (offset < chunk.byteLength) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
        offset += bytesWritten;
      }
      written += chunk.byteLength;
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  await handle.close();
  chmodQuietly(file, PRIVATE_FILE_MODE);
  return written;
}
