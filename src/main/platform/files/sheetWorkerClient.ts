// Main's side of the sheet worker (sheetWorker.ts): one worker thread writes every workbook being
// exported, each a job of its own. It starts with the first export and ends after a minute with
// none, so exports in a row do not each load exceljs again (half a second in a new thread), and
// its memory is given back between them. A job's rows are sent a batch at a time and main waits
// while the worker has more than two batches still to write.
import { Worker } from 'node:worker_threads';
import { ScoutError } from '@shared/errors';
import { workerScript } from '../util/workerScript';
import type { WorkbookMeta } from './sheetStream';
import type { FilledRow, FromSheetWorker, SheetHead, ToSheetWorker } from './sheetWorkbook';

/**
 * The sheet worker's heap: far more than a workbook needs (60,000 posts take under 96 MB), so it
 * only stops a runaway before it takes the machine's memory. Its young generation is kept small:
 * the default let the process grow by some 60 MB of garbage not yet collected.
 */
export const WRITER_HEAP_MB = 512;
const WRITER_YOUNG_HEAP_MB = 16;
/** How long the worker stays without a workbook to write. */
const IDLE_MS = 60_000;
/** Batches of rows the worker may have unwritten before main waits. */
const BATCHES_AHEAD = 2;
/** How long a cancel may take before its workbook is given up (the worker closes the file when it can). */
const CANCEL_WAIT_MS = 5_000;

interface SharedWorker {
  heapMb: number;
  worker: Worker;
  jobs: Map<number, WorkbookJob>;
  idle: NodeJS.Timeout | null;
}

/** The running worker, by its heap limit (the app uses one; a test asks for a small one). */
const workers = new Map<number, SharedWorker>();
let lastId = 0;

/** Stops a worker; a workbook started from now on gets a new one rather than this one as it ends. */
function retire(shared: SharedWorker): void {
  if (workers.get(shared.heapMb) === shared) workers.delete(shared.heapMb);
  if (shared.idle) clearTimeout(shared.idle);
  void shared.worker.terminate();
}

function workerWith(heapMb: number): SharedWorker {
  const running = workers.get(heapMb);
  if (running) {
    if (running.idle) clearTimeout(running.idle);
    running.idle = null;
    return running;
  }
  const worker = new Worker(workerScript('sheetWorker'), { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: WRITER_YOUNG_HEAP_MB } });
  const shared: SharedWorker = { heapMb, worker, jobs: new Map(), idle: null };
  workers.set(heapMb, shared);
  worker.on('message', (message: FromSheetWorker) => shared.jobs.get(message.id)?.heard(message));
  worker.on('error', (error: NodeJS.ErrnoException) => {
    // The worker is ending ('exit' comes later): a workbook started meanwhile gets a new one.
    if (workers.get(heapMb) === shared) workers.delete(heapMb);
    const jobs = [...shared.jobs.values()];
    // Which workbook took the memory is not known when several were being written.
    const failure =
      error.code !== 'ERR_WORKER_OUT_OF_MEMORY'
        ? error
        : new ScoutError(
            {
              code: 'INTERNAL',
              message:
                jobs.length === 1
                  ? `The workbook is too large for Scout to write (it needed more than ${heapMb} MB of memory); nothing was saved. Export it as CSV, or narrow what it holds.`
                  : `Scout ran out of memory (${heapMb} MB) writing this and ${jobs.length - 1} other workbook${jobs.length > 2 ? 's' : ''} at once; nothing was saved. Export them one at a time, the largest as CSV.`,
            },
            { cause: error },
          );
    for (const job of jobs) {
      job.fail(failure);
      job.gone();
    }
  });
  worker.once('exit', () => {
    if (workers.get(heapMb) === shared) workers.delete(heapMb);
    if (shared.idle) clearTimeout(shared.idle);
    for (const job of [...shared.jobs.values()]) {
      job.fail(new Error("Scout's workbook writer stopped before the file was whole."));
      job.gone();
    }
  });
  return shared;
}

/** One workbook written by the shared worker: told what to write, heard as it writes. */
export class WorkbookJob {
  private readonly id = ++lastId;
  private readonly shared: SharedWorker;
  /** Settles when the workbook is whole (or not to be). */
  private readonly finished: Promise<void>;
  private settle!: { done: () => void; failed: (error: Error) => void };
  /** Resolves once the worker is done with it (its file closed), or gone. */
  private readonly released: Promise<void>;
  private release!: () => void;
  private isReleased = false;
  private unwritten = 0;
  private failure: Error | null = null;
  private over = false;
  private wake: (() => void) | null = null;

  constructor(
    file: string,
    meta: WorkbookMeta,
    heapMb: number,
    private readonly onWritten: (rows: number) => void,
  ) {
    this.shared = workerWith(heapMb);
    this.shared.jobs.set(this.id, this);
    // The worker keeps the process alive only while it has work.
    this.shared.worker.ref();
    this.released = new Promise((resolve) => (this.release = resolve));
    this.finished = new Promise<void>((done, failed) => (this.settle = { done, failed }));
    this.finished.catch(() => undefined);
    this.send({ kind: 'open', id: this.id, file, meta });
  }

  /** What the worker said about this workbook. */
  heard(message: FromSheetWorker): void {
    if (message.kind === 'written') {
      this.unwritten--;
      this.wakeUp();
      try {
        this.onWritten(message.rows);
      } catch (error) {
        this.fail(error as Error);
      }
    } else {
      if (message.kind === 'failed') this.fail(Object.assign(new Error(message.message), message.code ? { code: message.code } : {}));
      else this.finish(null);
      this.gone();
    }
  }

  /** Ends the job: its writing failed, on either side. */
  fail(error: Error): void {
    this.failure ??= error;
    this.finish(this.failure);
  }

  private finish(failure: Error | null): void {
    if (this.over) return;
    this.over = true;
    if (failure) this.settle.failed(failure);
    else this.settle.done();
    this.wakeUp();
  }

  /** The worker is done with this workbook (or the worker itself is gone): without work, it ends after a while. */
  gone(): void {
    if (this.isReleased) return;
    this.isReleased = true;
    this.release();
    const { shared } = this;
    shared.jobs.delete(this.id);
    if (shared.jobs.size > 0 || workers.get(shared.heapMb) !== shared) return;
    shared.worker.unref();
    shared.idle = setTimeout(() => retire(shared), IDLE_MS);
    shared.idle.unref();
  }

  private wakeUp(): void {
    this.wake?.();
    this.wake = null;
  }

  private send(message: ToSheetWorker): void {
    if (this.failure) throw this.failure;
    this.shared.worker.postMessage(message);
  }

  sheet(head: SheetHead): void {
    this.send({ kind: 'sheet', id: this.id, head });
  }

  /** Sends a batch of rows; waits while the worker has more than it should still to write. */
  async rows(rows: FilledRow[], signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.send({ kind: 'rows', id: this.id, rows });
    this.unwritten++;
    while (this.unwritten > BATCHES_AHEAD && !this.failure) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        // A cancel is heard while waiting too.
        setTimeout(resolve, 50);
      });
    }
    if (this.failure) throw this.failure;
  }

  /** Ends the workbook; resolves once the file is whole and closed. */
  async end(signal?: AbortSignal): Promise<void> {
    // A cancel heard after the last row (while the cache was read for more) stops it here.
    signal?.throwIfAborted();
    this.send({ kind: 'end', id: this.id });
    const cancelled = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
    cancelled.catch(() => undefined);
    await Promise.race([this.finished, cancelled]);
  }

  /**
   * Stops the workbook however far it had got (a cancel, or a failure on main); resolves once the
   * worker has closed its file. A worker that does not answer in time (a file still opening on a
   * hung network folder) is left to close it when it can: this workbook is given up, the others
   * go on.
   */
  async stop(): Promise<void> {
    if (this.isReleased) return;
    this.shared.worker.postMessage({ kind: 'cancel', id: this.id } satisfies ToSheetWorker);
    const late = setTimeout(() => {
      this.fail(new Error("Scout's workbook writer did not stop in time."));
      this.gone();
    }, CANCEL_WAIT_MS);
    await this.released;
    clearTimeout(late);
  }
}
