// Scout's own client report of one account, made from the cache, offline: no API call, no credit,
// no ledger row. The page sends what its report model shows (figures formatted by the page's one
// formatter); this checks it belongs to the report cached now, brands it with the workspace's
// agency, draws it (clientReportPdf.ts) and keeps it in the Archive beside the API's PDFs.
import { ScoutError } from '@shared/errors';
import type { AccountRef } from '@shared/accountInput';
import type { ArchivedPdf } from '@shared/archive';
import type { ClientReportContent } from '@shared/clientReport';
import type { ReportService } from './reportService';
import type { ArchiveService } from './archiveService';
import type { AgencyService } from './agencyService';
import { drawClientReport } from './clientReportPdf';

export interface ClientReportDeps {
  reports: ReportService;
  archive: ArchiveService;
  agency: AgencyService;
}

export interface ClientReportRequest {
  ref: AccountRef;
  note: string;
  content: ClientReportContent;
  /** The cover's dates, formatted by the page. */
  reportDate: string;
  preparedDate: string;
}

export class ClientReportService {
  constructor(private readonly deps: ClientReportDeps) {}

  async make(request: ClientReportRequest): Promise<ArchivedPdf> {
    const { ref, content } = request;
    const cached = this.deps.reports.open(ref);
    if (!cached) {
      throw new ScoutError({ code: 'INVALID_INPUT', message: 'There is no report of this account in this workspace yet: fetch it first, then make its client report.' });
    }
    if (cached.fetchedAt !== content.fetchedAt) {
      throw new ScoutError({
        code: 'INVALID_INPUT',
        message: 'The report of this account changed since the page showed it (it was fetched again). Nothing was made: open the report again, then make its client report.',
      });
    }
    const bytes = await drawClientReport({
      brand: this.deps.agency.brand(),
      logoPng: this.deps.agency.logoPng(),
      content,
      note: request.note,
      reportDate: request.reportDate,
      preparedDate: request.preparedDate,
    });
    return this.deps.archive.keepOwn({
      ref,
      apiName: this.deps.reports.apiName(ref),
      title: cached.summary.title ?? cached.summary.username ?? null,
      reportDate: cached.fetchedAt,
      bytes,
      kind: 'client',
    });
  }
}
