// The PDF archive (spec 3.2, 4.1). A PDF export unlocks the report, so it is quoted like a report
// and goes through the paid-work kernel. The API answers 202 with retryTtl while it makes the
// PDF; once it hands out a link (dead after 28 days) the file is downloaded into the workspace's
// archive folder at once, checked to be a PDF, and recorded. The archive is read from the
// database and the folder only, so it works offline.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { utcDay } from '@shared/calendarDay';
import { ScoutError } from '@shared/errors';
import { parseAccountRef, type AccountRef } from '@shared/accountInput';
import type { ArchivedPdf, ArchiveProgress, ArchiveSort } from '@shared/archive';
import type { CostQuote } from '@shared/reports';
import { isLoopbackHost } from '@shared/workspaces';
import type { ApiClient } from '../../platform/api/apiClient';
import { networks, type Network } from '../../platform/api/types';
import type { PdfAnswer } from '../../platform/api/schemas/pdf';
import { pdfDelay, pollUntil } from '../../platform/api/polling';
import type { PdfRecord, PdfsRepository } from './pdfsRepository';
import { chmodQuietly, ensurePrivateDir, PRIVATE_FILE_MODE } from '../../platform/privateFiles';
import { BodyTooLarge, describeBytes, streamToFile } from '../../platform/net/cappedBody';
import { diskFullError, isDiskFull } from '../../platform/cache/storageFaults';
import { checkPdf, checkPdfFile } from './pdfCheck';
import type { ReportService } from '../reports/reportService';
import type { PaidWork } from '../../kernel/paidWork';
import { accountOfJob, jobKeys, type JobRegistry } from '../../kernel/jobs';
import { eventError } from '../../platform/errorWording';
import { ACCESS_MS, drawableBalances } from '../../kernel/costRule';
import { TeamError } from '../../kernel/teamErrors';
import { teamItem, teamItemParts, type TeamItem, type TeammateCopy } from '../../team/records';
import type { TeamRecordCodec, TeamRecordIn, TeamRecordOut } from '../../team/codecs';
import { RECORD_LIMITS } from '../../team/schema/0010-team';

const DAY_MS = 86_400_000;

/** A link's lifetime when it carries no expiry of its own (spec 5: 28 days). */
export const PDF_LINK_LIFETIME_MS = 28 * 86_400_000;
/** The largest PDF Scout downloads; a report PDF is a few megabytes. */
export const MAX_PDF_BYTES = 200 * 1024 * 1024;
/** The largest PDF a teammate can hand over: what the team database keeps. */
export const MAX_TEAM_PDF_BYTES = Math.min(MAX_PDF_BYTES, RECORD_LIMITS.bytes);

export interface ArchiveDeps {
  reports: ReportService;
  repo: PdfsRepository;
  paid: PaidWork;
  jobs: JobRegistry;
  /** The workspace's archive folder (beside its database). */
  dir: string;
  /** The API's origin when it is a simulator on this computer: its links may be plain http. */
  loopbackOrigin: () => Promise<string | null>;
  now?: () => number;
  /** How long to wait between polls (tests shorten it); the API's retryTtl, bounded, by default. */
  pollDelayMs?: (retryTtlSec: number | null) => number;
  maxWaitMs?: number;
  downloadTimeoutMs?: number;
  /** The largest PDF downloaded (MAX_PDF_BYTES; tests lower it). */
  maxPdfBytes?: number;
  /** A Team workspace: each PDF bought and saved here is handed over to be shared (not one taken from a teammate). */
  share?: (out: TeamRecordOut) => void;
}

/** The team's item for an account's API PDF: one per account (a TikTok PDF is its advanced report's). */
export function pdfTeamItem(network: Network, accountKey: string): TeamItem {
  return teamItem('pdf', { network, subject: accountKey });
}

/** What a paid PDF call brought: the API's answer, or a teammate's PDF saved instead (nothing sent). */
type Exported = PdfAnswer | { state: 'taken'; id: number };

export interface ListQuery {
  text?: string;
  network?: Network;
  sort?: ArchiveSort;
}

type Step = (step: Omit<ArchiveProgress, 'workspace' | 'network' | 'accountKey' | 'elapsedMs'>) => void;

export class ArchiveService {
  private readonly now: () => number;

  constructor(private readonly deps: ArchiveDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A PDF unlocks the report: it costs what a report request would (TikTok: the advanced report). */
  quote(ref: AccountRef): CostQuote {
    return this.deps.reports.quote({ ...ref, tiktokType: ref.network === 'tiktok' ? 'advanced_report' : undefined });
  }

  /**
   * Exports the account's PDF into the archive, as a job: two calls for one account share one
   * export. `confirmedHere`: confirmed in this workspace, so nothing is sent once another is active.
   * `teamUnreachableConfirmed` (a Team workspace): buy although the team database cannot be asked.
   */
  export(ref: AccountRef, confirmedCost: number, confirmedHere = false, options: { teamUnreachableConfirmed?: boolean } = {}): Promise<ArchivedPdf> {
    const name = this.deps.reports.apiName(ref);
    return this.deps.jobs.run(
      'pdf',
      jobKeys.pdf(ref),
      `the PDF of ${name}`,
      async (signal) => {
        const started = this.now();
        const report: Step = (step) => this.deps.jobs.emit('archive:changed', { network: ref.network, accountKey: ref.key, elapsedMs: this.now() - started, ...step });
        try {
          const pdf = await this.exportOnce(ref, name, confirmedCost, signal, report, confirmedHere, options.teamUnreachableConfirmed === true);
          report({ phase: 'finished', retryInSec: null, attempt: 0, pdfId: pdf.id, error: null });
          return pdf;
        } catch (error) {
          const failure = signal.aborted
            ? new ScoutError({ code: 'CANCELLED', message: 'Export cancelled. If the PDF request was already sent, the report is unlocked: exporting again costs nothing.' })
            : error;
          report({ phase: 'finished', retryInSec: null, attempt: 0, error: eventError(failure) });
          throw failure;
        }
      },
      { account: accountOfJob(ref) },
    );
  }

  cancel(ref: AccountRef): boolean {
    return this.deps.jobs.cancel('pdf', jobKeys.pdf(ref));
  }

  private async exportOnce(ref: AccountRef, name: string, confirmedCost: number, signal: AbortSignal, report: Step, confirmedHere: boolean, teamUnreachableConfirmed: boolean): Promise<ArchivedPdf> {
    const quote = this.quote(ref);
    const describe = `the PDF of ${name}`;
    this.deps.paid.assertConfirmed(`Exporting the PDF of ${name}`, quote.cost, confirmedCost, quote.balance, quote.cost === 0 ? 'its report is unlocked' : 'it unlocks its report');
    this.deps.paid.assertMayCall();
    report({ phase: 'requesting', retryInSec: null, attempt: 1 });
    const ask = (api: ApiClient, paid: boolean) => api.pdf(ref.network, name, { paid, signal });
    const item = pdfTeamItem(ref.network, ref.key);
    // Polls the export to its end, downloads and saves it, once (here, or for a Team workspace's
    // kernel while it holds the claim, before the PDF is shared with the team).
    let saved: number | null = null;
    const finish = async (first: Exported, charged: boolean) => {
      // Only an API answer is finished; a teammate's PDF was saved when it was taken.
      if (first.state === 'taken') throw new TypeError('A PDF taken from a teammate is not finished again.');
      const { id, file, size, exportedAt } = await this.saveExport(ref, name, describe, first, charged, signal, report);
      saved = id;
      // The team keeps PDFs up to its record limit; a larger one stays this laptop's (its claim is given up).
      const body = size <= MAX_TEAM_PDF_BYTES ? { bytes: new Uint8Array(await fs.promises.readFile(file)) } : null;
      return { value: { state: 'taken' as const, id }, fetchedAt: new Date(exportedAt), body };
    };
    // A teammate's PDF: checked like a download, saved like one of this laptop's, nothing spent.
    const takeCopy = async (body: unknown, copy: TeammateCopy): Promise<Exported> => {
      report({ phase: 'downloading', retryInSec: null, attempt: 0 });
      // One that cannot be read (TEAM_BAD_DATA) is no copy: the kernel buys instead.
      const kept = this.keepTeammatePdf({ item, fetchedAt: copy.fetchedAt, body: body instanceof Uint8Array ? { bytes: body } : { json: body } });
      saved = kept.id;
      return { state: 'taken', id: kept.id };
    };
    const { value: first, charged } = await this.deps.paid.spend<Exported>({
      what: { operation: 'pdf', network: ref.network, accountKey: ref.key },
      quote,
      describe,
      confirmedHere,
      teamUnreachableConfirmed,
      signal,
      // A Team workspace claims what costs (a PDF unlocks its report for a year); a free one is nobody's purchase.
      ...(quote.cost > 0 ? { team: { item, withinDays: ACCESS_MS / DAY_MS, body: 'bytes' as const, takeCopy, finish } } : {}),
      send: ask,
      // The API took the request: the PDF is being made and its polls are free.
      recover: (api) => ask(api, false),
      drawable: drawableBalances(ref.network, ref.network === 'tiktok' ? 'advanced_report' : undefined, quote.balance),
    });
    const id = saved ?? (first.state === 'taken' ? first.id : (await finish(first, charged)).value.id);
    return this.view(this.deps.repo.get(id)!);
  }

  /** Polls a paid export to its end, downloads, checks and saves the PDF; shares it (a Team workspace). */
  private async saveExport(ref: AccountRef, name: string, describe: string, first: PdfAnswer, charged: boolean, signal: AbortSignal, report: Step) {
    // The export unlocked the report (spec 3.4): its year of free access starts now.
    if (charged) this.deps.reports.noteUnlocked(ref, this.now());
    const ready = await pollUntil(
      async (attempt) => {
        const answer = attempt === 1 ? first : await this.deps.paid.poll((api) => api.pdf(ref.network, name, { paid: false, signal }), signal);
        if (answer.state === 'ready') return { done: true, value: answer };
        report({ phase: 'generating', retryInSec: answer.retryTtlSec, attempt });
        return { done: false, retryInSec: answer.retryTtlSec };
      },
      { what: `The PDF of ${name}`, maxWaitMs: this.deps.maxWaitMs ?? 10 * 60_000, delayMs: this.deps.pollDelayMs ?? pdfDelay, signal },
    );
    report({ phase: 'downloading', retryInSec: null, attempt: 0 });
    const downloaded = await this.download(ready.pdfUrl, signal, describe);
    try {
      checkPdfFile(downloaded);
      const size = fs.statSync(downloaded).size;
      const exportedAt = this.now();
      const cached = this.deps.reports.open(ref);
      const fileName = archiveFileName(ref.network, ref.key, exportedAt);
      this.deps.paid.save(describe, charged, () => this.place(downloaded, fileName));
      const id = this.deps.paid.save(describe, charged, () =>
        this.deps.repo.save({
          network: ref.network,
          accountKey: ref.key,
          apiName: name,
          title: cached?.summary.title ?? cached?.summary.username ?? null,
          filePath: fileName,
          pdfUrl: ready.pdfUrl,
          linkExpiresAt: linkExpiry(ready.pdfUrl, exportedAt),
          fetchedAt: exportedAt,
          reportDate: cached?.fetchedAt ?? null,
          bytes: size,
        }),
      );
      const file = path.join(this.deps.dir, fileName);
      // Bought here (charged or not, the API's own PDF): the team keeps it, read from the archive when it is pushed.
      this.deps.share?.({ item: pdfTeamItem(ref.network, ref.key), fetchedAt: new Date(exportedAt), body: { file } });
      return { id, file, size, exportedAt };
    } finally {
      fs.rmSync(downloaded, { force: true });
    }
  }

  /**
   * Saves a teammate's PDF (a copy taken instead of buying, or a record pulled by the sync
   * engine): its item and bytes read as hostile input — an account Scout can name, a file no
   * larger than a download may be, starting with %PDF- and with pages — before anything is
   * written. One already in the archive (same account, same export time, same size) changes nothing.
   */
  keepTeammatePdf(record: Pick<TeamRecordIn, 'item' | 'fetchedAt' | 'body'>): { outcome: 'saved' | 'already-held'; id: number } {
    const parts = record.item.kind === 'pdf' ? teamItemParts(record.item) : null;
    const network = parts && (networks as readonly string[]).includes(parts.network) ? (parts.network as Network) : null;
    const read = parts && network && parts.variant === '' ? parseAccountRef(parts.subject, network) : null;
    if (!read?.ok || read.value.key !== parts?.subject) throw new TeamError('TEAM_BAD_DATA', "A teammate's PDF names no account Scout can read.");
    const ref = read.value;
    const fetchedAt = record.fetchedAt.getTime();
    if (!Number.isFinite(fetchedAt) || fetchedAt <= 0) throw new TeamError('TEAM_BAD_DATA', "A teammate's PDF has no export date Scout can read.");
    if (!('bytes' in record.body) || !(record.body.bytes instanceof Uint8Array)) throw new TeamError('TEAM_BAD_DATA', "A teammate's PDF is not a file.");
    const bytes = record.body.bytes;
    if (bytes.byteLength > MAX_TEAM_PDF_BYTES) throw new TeamError('TEAM_BAD_DATA', `A teammate's PDF is larger than ${MAX_TEAM_PDF_BYTES / 1024 / 1024} MB.`);
    try {
      checkPdf(bytes);
    } catch (error) {
      throw new TeamError('TEAM_BAD_DATA', "A teammate's PDF is not a PDF Scout can keep (it must start with %PDF- and have pages).", { cause: error });
    }
    const held = this.deps.repo.list(ref.network, ref.key).find((r) => r.kind === 'api' && r.fetchedAt === Math.round(fetchedAt) && r.bytes === bytes.byteLength);
    if (held) return { outcome: 'already-held', id: held.id };
    const cached = this.deps.reports.open(ref);
    const fileName = archiveFileName(ref.network, ref.key, fetchedAt, 'team');
    this.write(fileName, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    let id: number;
    try {
      id = this.deps.repo.save({
        network: ref.network,
        accountKey: ref.key,
        apiName: this.deps.reports.apiName(ref),
        title: cached?.summary.title ?? cached?.summary.username ?? null,
        filePath: fileName,
        // The teammate's link is theirs (and dies in 28 days): the file is here.
        pdfUrl: null,
        linkExpiresAt: null,
        fetchedAt,
        reportDate: cached?.fetchedAt ?? null,
        bytes: bytes.byteLength,
      });
    } catch (error) {
      fs.rmSync(path.join(this.deps.dir, fileName), { force: true });
      throw error;
    }
    return { outcome: 'saved', id };
  }

  /**
   * Keeps a PDF Scout made itself (a client report, drawn from the cache): checked like the API's,
   * written whole into the archive folder and recorded, with no link and no API call.
   */
  keepOwn(pdf: { ref: AccountRef; apiName: string; title: string | null; reportDate: number; bytes: Uint8Array; kind: 'client' }): ArchivedPdf {
    checkPdf(pdf.bytes);
    const exportedAt = this.now();
    const fileName = archiveFileName(pdf.ref.network, pdf.ref.key, exportedAt, 'client-report');
    this.write(fileName, Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength));
    try {
      const id = this.deps.repo.save({
        kind: pdf.kind,
        network: pdf.ref.network,
        accountKey: pdf.ref.key,
        apiName: pdf.apiName,
        title: pdf.title,
        filePath: fileName,
        pdfUrl: null,
        linkExpiresAt: null,
        fetchedAt: exportedAt,
        reportDate: pdf.reportDate,
        bytes: pdf.bytes.length,
      });
      return this.view(this.deps.repo.get(id)!);
    } catch (error) {
      // Not recorded: the file would be an orphan no list shows.
      fs.rmSync(path.join(this.deps.dir, fileName), { force: true });
      throw error;
    }
  }

  /**
   * Streams the PDF behind the link into a temporary file of the archive folder and answers its
   * path: at most MAX_PDF_BYTES are read, whatever the headers say, so memory stays flat however
   * large or endless the download. The link is untrusted data: https only (plain http only from a
   * simulator on this computer). `describe` names what was paid, for a full disk's wording.
   */
  private async download(link: string, signal: AbortSignal, describe: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new ScoutError({ code: 'API_MALFORMED_RESPONSE', message: 'The API’s PDF link is not an address. Nothing was archived.' });
    }
    const loopback = url.protocol === 'http:' && isLoopbackHost(url.hostname) ? await this.deps.loopbackOrigin() : null;
    if (url.protocol !== 'https:' && !(loopback && url.origin === loopback)) {
      throw new ScoutError({ code: 'API_MALFORMED_RESPONSE', message: `The API’s PDF link is not https (${url.protocol}); Scout did not download it.` });
    }
    const again = 'Export again: the report stays unlocked, so it costs nothing.';
    ensurePrivateDir(this.deps.dir);
    const temporary = path.join(this.deps.dir, `.download-${crypto.randomUUID()}.part`);
    try {
      const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(this.deps.downloadTimeoutMs ?? 120_000)]), redirect: 'error' });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new ScoutError({
          code: 'NETWORK',
          message: `The PDF could not be downloaded: its link answered HTTP ${response.status}${response.status === 403 ? ' (it may have expired)' : ''}. ${again}`,
        });
      }
      await streamToFile(response, temporary, this.deps.maxPdfBytes ?? MAX_PDF_BYTES);
      return temporary;
    } catch (error) {
      fs.rmSync(temporary, { force: true });
      signal.throwIfAborted();
      if (error instanceof ScoutError) throw error;
      if (error instanceof BodyTooLarge) {
        throw new ScoutError({ code: 'API_MALFORMED_RESPONSE', message: `The PDF is larger than ${describeBytes(error.limit)}; Scout stopped downloading it and kept nothing.` });
      }
      if (isDiskFull(error)) throw diskFullError(error, describe);
      throw new ScoutError({ code: 'NETWORK', message: `The PDF could not be downloaded (${(error as Error).message}). ${again}` });
    }
  }

  /** A checked download moved into place under its archive name (the same folder: a rename). */
  private place(downloaded: string, fileName: string): void {
    const target = path.join(this.deps.dir, fileName);
    fs.renameSync(downloaded, target);
    chmodQuietly(target, PRIVATE_FILE_MODE);
  }

  /** Written whole or not at all: a temporary file, private, then renamed into place. */
  private write(fileName: string, bytes: Buffer): void {
    ensurePrivateDir(this.deps.dir);
    const target = path.join(this.deps.dir, fileName);
    const temporary = `${target}.part`;
    try {
      fs.writeFileSync(temporary, bytes, { mode: PRIVATE_FILE_MODE, flag: 'w' });
      chmodQuietly(temporary, PRIVATE_FILE_MODE);
      fs.renameSync(temporary, target);
    } catch (error) {
      fs.rmSync(temporary, { force: true });
      throw error;
    }
  }

  /** Newest first unless asked otherwise; `text` matches the account, its name and the file name. */
  list(query: ListQuery = {}): ArchivedPdf[] {
    const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const rows = this.deps.repo
      .all()
      .filter((r) => !query.network || r.network === query.network)
      .filter((r) => {
        const haystack = [r.accountKey, r.apiName, r.title, r.filePath, r.network, r.kind === 'client' ? 'client report' : 'api report'].filter(Boolean).join(' ').toLowerCase();
        return words.every((w) => haystack.includes(w));
      })
      .map((r) => this.view(r));
    const by: Record<ArchiveSort, (a: ArchivedPdf, b: ArchivedPdf) => number> = {
      newest: (a, b) => b.exportedAt - a.exportedAt || b.id - a.id,
      oldest: (a, b) => a.exportedAt - b.exportedAt || a.id - b.id,
      account: (a, b) => (a.title ?? a.apiName).localeCompare(b.title ?? b.apiName) || b.exportedAt - a.exportedAt,
      size: (a, b) => b.bytes - a.bytes || b.id - a.id,
    };
    return rows.sort(by[query.sort ?? 'newest']);
  }

  /** The archived file's path, when the row exists and its file is still there. */
  filePath(id: number): string | null {
    const record = this.deps.repo.get(id);
    if (!record) return null;
    const file = this.resolve(record);
    return file && fs.existsSync(file) ? file : null;
  }

  /** The file of an archived PDF, or a clear error saying why there is none. */
  existingFile(id: number): string {
    const record = this.deps.repo.get(id);
    if (!record) throw new ScoutError({ code: 'ARCHIVE_NOT_FOUND', message: 'That PDF is not in the archive (was it deleted?).' });
    const file = this.resolve(record);
    if (!file || !fs.existsSync(file)) {
      throw new ScoutError({
        code: 'ARCHIVE_FILE_MISSING',
        message: `The file of this PDF is no longer in the archive folder (${record.filePath}). Export it again, or delete the entry.`,
      });
    }
    return file;
  }

  /** Removes the file (if still there) and its row. */
  delete(id: number): boolean {
    const record = this.deps.repo.get(id);
    if (!record) return false;
    const file = this.resolve(record);
    if (file) fs.rmSync(file, { force: true });
    return this.deps.repo.delete(id);
  }

  /** The account of an archived PDF, to export it again. */
  accountOf(id: number): AccountRef {
    const record = this.deps.repo.get(id);
    if (!record) throw new ScoutError({ code: 'ARCHIVE_NOT_FOUND', message: 'That PDF is not in the archive (was it deleted?).' });
    if (record.kind !== 'api') {
      throw new ScoutError({ code: 'INVALID_INPUT', message: 'A client report is made by Scout from its cache, not exported from the API: make it again from the account’s report page.' });
    }
    return { network: record.network, key: record.accountKey, apiName: record.apiName ?? record.accountKey, byUserId: false };
  }

  /** Inside the archive folder only: a row naming anything else (edited by hand) resolves to nothing. */
  private resolve(record: PdfRecord): string | null {
    const file = path.resolve(this.deps.dir, record.filePath);
    return path.dirname(file) === path.resolve(this.deps.dir) ? file : null;
  }

  private view(record: PdfRecord): ArchivedPdf {
    const file = this.resolve(record);
    return {
      id: record.id,
      kind: record.kind,
      network: record.network,
      accountKey: record.accountKey,
      apiName: record.apiName ?? record.accountKey,
      title: record.title,
      fileName: path.basename(record.filePath),
      bytes: record.bytes,
      reportDate: record.reportDate,
      exportedAt: record.fetchedAt,
      sourceUrl: record.pdfUrl,
      linkExpiresAt: record.linkExpiresAt,
      missing: !file || !fs.existsSync(file),
    };
  }
}

/** The link's own expiry (`exp`, seconds) when it has one; otherwise 28 days from now. */
function linkExpiry(link: string, now: number): number {
  try {
    const exp = Number(new URL(link).searchParams.get('exp'));
    if (Number.isFinite(exp) && exp > 0) return exp * 1000;
  } catch {
    // Not an address: the default below.
  }
  return now + PDF_LINK_LIFETIME_MS;
}

/** A file name in the archive folder: the account, the day and moment of the export, and what made it. */
function archiveFileName(network: Network, key: string, at: number, suffix?: string): string {
  return `${network}-${safeName(key)}-${utcDay(at)}-${at}${suffix ? `-${suffix}` : ''}.pdf`;
}

/** The team's PDFs, saved into this workspace's archive: pulled by the sync engine, or taken instead of buying. */
export class PdfTeamCodec implements TeamRecordCodec {
  readonly kind = 'pdf';
  constructor(private readonly archive: ArchiveService) {}
  apply(record: TeamRecordIn): Promise<'saved' | 'already-held'> {
    return Promise.resolve().then(() => this.archive.keepTeammatePdf(record).outcome);
  }
}

/** An account key as a file-name part: letters, digits, dot, dash and underscore. */
function safeName(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(0, 80) || 'account';
}
