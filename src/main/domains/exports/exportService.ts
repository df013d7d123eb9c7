// Exports: main reads what to export from the workspace's cache and writes the file itself,
// streamed to disk in time slices, as a job of the workspace (progress in `exports:changed`,
// cancel by its run id, a restore waits for it). The file is written under a temporary name
// beside where it goes and renamed into place once whole, so a cancel, a crash or a full disk
// never leaves half a file under the name the researcher chose.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AgencyBrand } from '@shared/agency';
import { ScoutError } from '@shared/errors';
import { fileNameFor } from '@shared/fileNames';
import { EXPORT_MIME_TYPES, type ExportFormat, type ExportResult } from '@shared/exports';
import type { JobRegistry } from '../../kernel/jobs';
import { eventError } from '../../platform/errorWording';
import { diskFullError, isDiskFull } from '../../platform/cache/storageFaults';
import { writeCsvFile, type AnyStreamedCsv } from '../../platform/files/csvStream';
import { writeWorkbook, type AnyStreamedSheet, type WorkbookMeta } from '../../platform/files/sheetStream';
import { exportJob } from './operations';

/** What one export writes: its name, how many rows, and its two forms. */
export interface ExportPlan {
  /** The file's name before its extension, as the page names what it shows (made safe by fileNameFor). */
  name: string;
  /** The file's title inside (the title block of each sheet). */
  title: string;
  /** In words, for what is running: "the posts of @nike's competitor analysis". */
  describe: string;
  /**
   * The rows of its main table; a function when counting them is itself long work (a competitor
   * analysis of a million posts), asked once the file is written.
   */
  rows: number | (() => Promise<number>);
  xlsx(meta: WorkbookMeta): readonly AnyStreamedSheet[];
  /** The CSV; `meta` names the agency (the comparison's CSV says who prepared it). Absent: no CSV form. */
  csv?(meta: WorkbookMeta): AnyStreamedCsv;
  /** A PDF drawn whole (a media plan: a few pages), branded with the agency's logo. Absent: no PDF form. */
  pdf?(meta: PdfMeta): Promise<Uint8Array>;
}

export interface PdfMeta extends WorkbookMeta {
  /** The agency's logo as PNG, or null. */
  logoPng: Uint8Array | null;
}

/** Where an export goes, asked once its file name is known. */
export type ExportDestination =
  /** The desktop app: the save dialog answers a path, or null when it was closed. */
  | { kind: 'dialog'; choose: (fileName: string) => Promise<string | null> }
  /** Browser mode: a place to write the file, handed out at `url` once written; `drop` when it is not. */
  | { kind: 'download'; place: (fileName: string, mimeType: string) => { file: string; url: string; drop: () => void } };

export interface ExportDeps {
  jobs: JobRegistry;
  brand: () => AgencyBrand;
  /** The agency's logo as PNG (a PDF's cover), or null. */
  logoPng?: () => Uint8Array | null;
  now?: () => number;
}

export class ExportService {
  private readonly now: () => number;

  constructor(private readonly deps: ExportDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Writes `plan` as `format` to `destination`, as the job `runId`. */
  save(runId: string, format: ExportFormat, plan: ExportPlan, destination: ExportDestination): Promise<ExportResult> {
    const formName = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' }[format];
    if ((format === 'csv' && !plan.csv) || (format === 'pdf' && !plan.pdf)) {
      return Promise.reject(new ScoutError({ code: 'INVALID_INPUT', message: `${plan.title} has no ${formName} form; export it as Excel (XLSX)${plan.pdf ? ' or PDF' : ''}.` }));
    }
    return this.deps.jobs.run(exportJob, exportJob.key(runId), `the export of ${plan.describe}`, async (signal) => {
      const fileName = fileNameFor(plan.name, format);
      const report = (phase: 'writing' | 'finished', done: number, total: number, error: unknown = null) =>
        this.deps.jobs.emit('exports:changed', { runId, phase, done, total, error: error === null ? null : eventError(error) });
      let target: string;
      let url: string | null = null;
      let drop = () => {};
      if (destination.kind === 'dialog') {
        const chosen = await destination.choose(fileName);
        if (chosen === null) {
          report('finished', 0, 0);
          return { outcome: 'not-saved', fileName, rows: 0, bytes: 0, savedTo: null, downloadUrl: null };
        }
        target = chosen;
      } else {
        const place = destination.place(fileName, EXPORT_MIME_TYPES[format]);
        target = place.file;
        url = place.url;
        drop = place.drop;
      }
      const partial = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.part`);
      const work = { signal, progress: (done: number, total: number) => report('writing', done, total) };
      try {
        const meta = { title: plan.title, brand: this.deps.brand(), createdAt: this.now() };
        if (format === 'xlsx') await writeWorkbook(partial, meta, plan.xlsx(meta), work);
        else if (format === 'pdf') {
          const bytes = await plan.pdf!({ ...meta, logoPng: this.deps.logoPng?.() ?? null });
          signal.throwIfAborted();
          fs.writeFileSync(partial, bytes);
        } else await writeCsvFile(partial, plan.csv!(meta), work);
        fs.renameSync(partial, target);
      } catch (error) {
        fs.rmSync(partial, { force: true });
        drop();
        const failure = signal.aborted ? new ScoutError({ code: 'CANCELLED', message: `Export cancelled; ${fileName} was not written.` }) : writeFailure(error, fileName);
        report('finished', 0, 0, failure);
        throw failure;
      }
      const bytes = fs.statSync(target).size;
      const rows = typeof plan.rows === 'number' ? plan.rows : await plan.rows();
      report('finished', rows, rows);
      return destination.kind === 'dialog'
        ? { outcome: 'saved', fileName, rows, bytes, savedTo: target, downloadUrl: null }
        : { outcome: 'download', fileName, rows, bytes, savedTo: null, downloadUrl: url };
    });
  }

  cancel(runId: string): boolean {
    return this.deps.jobs.cancel(exportJob, exportJob.key(runId));
  }
}

/** A failure to write the file, in words: a full disk, or a folder Scout cannot write in (its code said). */
function writeFailure(error: unknown, fileName: string): unknown {
  if (isDiskFull(error)) return diskFullError(error);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return new ScoutError({ code: 'INTERNAL', message: `Scout could not save ${fileName} there (${code}). Nothing was changed; choose another folder.` }, { cause: error });
  }
  return error;
}
