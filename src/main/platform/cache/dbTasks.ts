// Database work too long for main's event loop, run in a worker thread of its own (dbWorker.ts):
// preparing a workspace whose schema is behind (backup, migration), checking every page of one for
// damage, copying a backup into place, moving a long write's log into the database (a checkpoint). Main awaits the answer; a failure comes back as the same
// ScoutError the work threw (its words and advice), a file error with its code.
import { Worker } from 'node:worker_threads';
import { ScoutError, type ScoutErrorData } from '@shared/errors';
import { workerScript } from '../util/workerScript';

export type DbTask =
  | { kind: 'prepare'; file: string; label: string; nativeBinding?: string }
  | { kind: 'check'; file: string; nativeBinding?: string; damagedAdvice: string }
  | { kind: 'copy'; from: string; to: string }
  | { kind: 'checkpoint'; file: string; nativeBinding?: string };

export type DbTaskAnswer = { ok: true } | { ok: false; error: ScoutErrorData; errno: string | null };

/**
 * Runs the task in a worker thread; resolves when it is done, rejects with its error. `signal`
 * stops the worker where it is (a read-only check, when its workspace closes): nothing of it
 * outlives the abort.
 */
export function runDbTask(task: DbTask, options: { signal?: AbortSignal } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const worker = new Worker(workerScript('dbWorker'), { workerData: task });
    let answered = false;
    const stop = () => {
      if (answered) return;
      answered = true;
      void worker.terminate().finally(() => reject(options.signal!.reason));
    };
    options.signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (answer: DbTaskAnswer) => {
      answered = true;
      if (answer.ok) resolve();
      else reject(Object.assign(new ScoutError(answer.error), answer.errno ? { errno: answer.errno } : {}));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`Scout's database worker stopped (exit code ${code}) before it answered.`));
    });
  });
}
