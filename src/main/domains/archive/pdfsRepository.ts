// PDF exports (spec 4.1): the file is written into the workspace's archive folder at once (its
// link dies after 28 days); the row says where, what link it came from and when.
import type Database from 'better-sqlite3';
import type { ArchiveKind } from '@shared/archive';
import type { Network } from '../../platform/api/types';
import type { Db } from '../../platform/cache/database';
import { accountKey as keyOf } from '../../platform/cache/repositories/common';

export interface PdfRecord {
  id: number;
  network: Network;
  accountKey: string;
  /** Relative to the workspace's archive folder. */
  filePath: string;
  pdfUrl: string | null;
  linkExpiresAt: number | null;
  fetchedAt: number;
  bytes: number;
  /** The name the API was asked for (a YouTube channel id keeps its case); null before 0130. */
  apiName: string | null;
  /** The account's name as its report gave it, for the archive's search. */
  title: string | null;
  /** When the report data the PDF was exported from was fetched. */
  reportDate: number | null;
  /** The API's PDF, or Scout's own client report (made from the cache); 'api' before 0190. */
  kind: ArchiveKind;
}

export type NewPdf = Omit<PdfRecord, 'id' | 'apiName' | 'title' | 'reportDate' | 'kind'> & Partial<Pick<PdfRecord, 'apiName' | 'title' | 'reportDate' | 'kind'>>;

type Row = {
  id: number;
  network: Network;
  account_key: string;
  file_path: string;
  pdf_url: string | null;
  link_expires_at: number | null;
  fetched_at: number;
  bytes: number;
  api_name: string | null;
  title: string | null;
  report_date: number | null;
  kind: ArchiveKind;
};

const toRecord = (row: Row): PdfRecord => ({
  id: row.id,
  network: row.network,
  accountKey: row.account_key,
  filePath: row.file_path,
  pdfUrl: row.pdf_url,
  linkExpiresAt: row.link_expires_at,
  fetchedAt: row.fetched_at,
  bytes: row.bytes,
  apiName: row.api_name,
  title: row.title,
  reportDate: row.report_date,
  kind: row.kind,
});

const columns = 'id, network, account_key, file_path, pdf_url, link_expires_at, fetched_at, bytes, api_name, title, report_date, kind';

export class PdfsRepository {
  private readonly insert: Database.Statement<[string, string, string, string | null, number | null, number, number, string | null, string | null, number | null, ArchiveKind]>;
  private readonly byId: Database.Statement<[number], Row>;
  private readonly remove: Database.Statement<[number]>;
  private readonly latestRow: Database.Statement<[string, string], Row>;
  private readonly rows: Database.Statement<[string, string], Row>;
  private readonly allRows: Database.Statement<[], Row>;

  constructor(db: Db) {
    this.insert = db.prepare(
      'INSERT INTO pdfs (network, account_key, file_path, pdf_url, link_expires_at, fetched_at, bytes, api_name, title, report_date, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.byId = db.prepare(`SELECT ${columns} FROM pdfs WHERE id = ?`);
    this.remove = db.prepare('DELETE FROM pdfs WHERE id = ?');
    this.latestRow = db.prepare(`SELECT ${columns} FROM pdfs WHERE network = ? AND account_key = ? ORDER BY fetched_at DESC, id DESC LIMIT 1`);
    this.rows = db.prepare(`SELECT ${columns} FROM pdfs WHERE network = ? AND account_key = ? ORDER BY fetched_at DESC, id DESC`);
    this.allRows = db.prepare(`SELECT ${columns} FROM pdfs ORDER BY fetched_at DESC, id DESC`);
  }

  save(pdf: NewPdf): number {
    const round = (v: number | null) => (v === null ? null : Math.round(v));
    return Number(
      this.insert.run(
        pdf.network,
        keyOf(pdf.accountKey),
        pdf.filePath,
        pdf.pdfUrl,
        round(pdf.linkExpiresAt),
        Math.round(pdf.fetchedAt),
        Math.round(pdf.bytes),
        pdf.apiName ?? null,
        pdf.title ?? null,
        round(pdf.reportDate ?? null),
        pdf.kind ?? 'api',
      ).lastInsertRowid,
    );
  }

  latest(network: Network, accountKey: string): PdfRecord | null {
    const row = this.latestRow.get(network, keyOf(accountKey));
    return row ? toRecord(row) : null;
  }

  /** Every PDF of an account, newest first. */
  list(network: Network, accountKey: string): PdfRecord[] {
    return this.rows.all(network, keyOf(accountKey)).map(toRecord);
  }

  all(): PdfRecord[] {
    return this.allRows.all().map(toRecord);
  }

  get(id: number): PdfRecord | null {
    const row = this.byId.get(id);
    return row ? toRecord(row) : null;
  }

  delete(id: number): boolean {
    return this.remove.run(id).changes > 0;
  }
}
