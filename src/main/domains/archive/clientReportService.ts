// Scout's own client report of one account, made from the cache, offline: no API call, no credit,
// no ledger row. Its content is what the report page shows, made here from the cached report by
// the page's own model and formatter (src/shared/reportModel/clientReport.ts); it is refused when
// the cached report is no longer the one the page showed, branded with the workspace's agency,
// drawn (clientReportPdf.ts) and kept in the Archive beside the API's PDFs.
import { ScoutError } from '@shared/errors';
import type { AccountRef } from '@shared/accountInput';
import type { ArchivedPdf } from '@shared/archive';
import { formatDate } from '@shared/format';
import { clientReportContent } from '@shared/reportModel/clientReport';
import type { ReportService } from '../reports/reportService';
import type { ArchiveService } from './archiveService';
import type { AgencyService } from '../agency/agencyService';

export interface ClientReportDeps {
  reports: ReportService;
  archive: ArchiveService;
  agency: AgencyService;
}

export interface ClientReportRequest {
  ref: AccountRef;
  note: string;
  /** When the report the page showed was fetched: the one the client report is made of. */
  fetchedAt: number;
}

export class ClientReportService {
  constructor(private readonly deps: ClientReportDeps) {}

  async make(request: ClientReportRequest): Promise<ArchivedPdf> {
    const { ref } = request;
    const cached = this.deps.reports.open(ref);
    if (!cached) {
      throw new ScoutError({ code: 'INVALID_INPUT', message: 'There is no report of this account in this workspace yet: fetch it first, then make its client report.' });
    }
    if (cached.fetchedAt !== request.fetchedAt) {
      throw new ScoutError({
        code: 'INVALID_INPUT',
        message: 'The report of this account changed since the page showed it (it was fetched again). Nothing was made: open the report again, then make its client report.',
      });
    }
    // pdf-lib is loaded with the first client report, not at start (a tenth of a second).
    const { drawClientReport } = await import('./clientReportPdf');
    const bytes = await drawClientReport({
      brand: this.deps.agency.brand(),
      logoPng: this.deps.agency.logoPng(),
      content: clientReportContent(cached),
      note: request.note,
      reportDate: formatDate(cached.fetchedAt),
      preparedDate: formatDate(Date.now()),
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
