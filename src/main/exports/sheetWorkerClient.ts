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
/** How long a cancel may take before the worker is stopped outright (every job in it fails). */
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
    const failure =
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new ScoutError(
            { code: 'INTERNAL', message: `The workbook is too large for Scout to write (it needed more than ${heapMb} MB of memory); nothing was saved. Export it as CSV, or narrow what it holds.` },
            { cause: error },
          )
        : error;
    for (const job of [...shared.jobs.values()]) job.fail(failure);
  });
  worker.once('exit', () => {
    if (workers.get(heapMb) === shared) workers.delete(heapMb);
    if (shared.idle) clearTimeout(shared.idle);
    for (const job of [...shared.jobs.values()]) job.fail(new Error("Scout's workbook writer stopped before the file was whole."));
  });
  return shared;
}

/** One workbook written by the shared worker: told what to write, heard as it writes. */
export class WorkbookJob {
  private readonly id = ++lastId;
  private readonly shared: SharedWorker;
  private readonly finished: Promise<void>;
  private settle!: { done: () => void; failed: (error: Error) => void; stopped: () => void };
  private readonly stopped: Promise<void>;
  private unwritten = 0;
  private failure: Error | null = null;
  private over = false;
  private wake: (() => void) | null = null;
  /** Whether the worker created the file (one that was there already is never removed). */
  created = false;

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
    let stopped!: () => void;
    this.stopped = new Promise((resolve) => (stopped = resolve));
    this.finished = new Promise<void>((done, failed) => (this.settle = { done, failed, stopped }));
    this.finished.catch(() => undefined);
    this.send({ kind: 'open', id: this.id, file, meta });
  }

  /** What the worker said about this workbook. */
  heard(message: FromSheetWorker): void {
    if (message.kind === 'opened') this.created = true;
    else if (message.kind === 'written') {
      this.unwritten--;
      this.onWritten(message.rows);
      this.wakeUp();
    } else if (message.kind === 'done') this.finish(null);
    else if (message.kind === 'failed') {
      this.created ||= message.created;
      this.fail(Object.assign(new Error(message.message), message.code ? { code: message.code } : {}));
    } else {
      this.created ||= message.created;
      this.finish(null);
    }
  }

  /** Ends the job: its writing failed (or the worker did). */
  fail(error: Error): void {
    this.failure ??= error;
    this.finish(this.failure);
  }

  private finish(failure: Error | null): void {
    if (this.over) return;
    this.over = true;
    if (failure) this.settle.failed(failure);
    else this.settle.done();
    this.settle.stopped();
    this.wakeUp();
    const { shared } = this;
    shared.jobs.delete(this.id);
    if (shared.jobs.size > 0 || workers.get(shared.heapMb) !== shared) return;
    shared.worker.unref();
    shared.idle = setTimeout(() => void shared.worker.terminate(), IDLE_MS);
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
    this.send({ kind: 'end', id: this.id });
    const cancelled = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
    cancelled.catch(() => undefined);
    await Promise.race([this.finished, cancelled]);
  }

  /** Stops the workbook however far it had got; resolves once the worker has closed its file. */
  async stop(): Promise<void> {
    if (this.over) return;
    this.shared.worker.postMessage({ kind: 'cancel', id: this.id } satisfies ToSheetWorker);
    const late = setTimeout(() => void this.shared.worker.terminate(), CANCEL_WAIT_MS);
    await this.stopped;
    clearTimeout(late);
  }
}
