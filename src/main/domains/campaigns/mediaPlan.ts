// A campaign's media plan, as the client receives it: the campaign's facts, then per creator and
// in total every forecast figure of the plan with where it comes from (or why there is none) and
// the agency's rates beside the media value. Two forms from the same lines: an XLSX workbook
// (finished by src/shared/sheets.ts like every sheet) and a PDF (mediaPlanPdf.ts). The figures
// and their words are the plan's own (src/shared/campaignPlan.ts), as the campaign page shows them.
import type ExcelJS from 'exceljs';
import { PER_POST_FIGURES, PLAN_FIGURES, planBasisText } from '@shared/campaignPlan';
import { brandNetworks, type Campaign, type CampaignPlan, type CreatorPlan, type PlanFigure } from '@shared/campaigns';
import { formatCount, formatDate, formatDay, formatMoneyIn, networkLabels } from '@shared/format';
import { postsCount } from '@shared/labels';
import { ABSENT_FONT, SHEET_FORMATS, moneyFormatIn, subtitleText } from '@shared/sheets';
import { inBatchesOf, type AnyStreamedSheet, type StreamedSheet, type WorkbookMeta } from '../../platform/files/sheetStream';

/** The campaign's facts, label and value, at the head of both forms. */
export function mediaPlanFacts(campaign: Campaign, plan: CampaignPlan): { label: string; value: string }[] {
  const brands = brandNetworks.filter((n) => campaign.brands[n].trim() !== '').map((n) => `${networkLabels[n]} ${campaign.brands[n]}`);
  const { match } = campaign;
  const counts = [
    ...match.hashtags.map((t) => `#${t}`),
    ...match.mentions.map((m) => `@${m}`),
    ...match.linkDomains.map((d) => `links to ${d}`),
    ...(match.paidPartnership ? ['the network’s paid-partnership flag'] : []),
  ];
  return [
    { label: 'Client', value: campaign.client || '—' },
    { label: 'Window', value: `${formatDay(campaign.window.from)} to ${formatDay(campaign.window.to)}` },
    { label: 'Brand accounts', value: brands.join(', ') || 'none named' },
    { label: 'What counts as a campaign post', value: counts.join(', ') || 'nothing named yet' },
    { label: 'Creators', value: `${formatCount(plan.creators.length)}, ${formatCount(plan.totals.posts)} agreed posts, fees ${formatMoneyIn(plan.totals.fee, plan.currency)}` },
    { label: 'Figures', value: `${planBasisText(plan.basisPeriod)}; fees and values in ${plan.currency}` },
    { label: 'Plan', value: plan.frozen ? `Frozen on ${formatDate(plan.at)}, when the campaign started` : `Forecast on ${formatDate(plan.at)} from the cache` },
  ];
}

/** One figure line: whose, which, its value (or why none), where it comes from, the rates beside it. */
export interface PlanLine {
  creator: string;
  network: string;
  figure: string;
  kind: 'count' | 'money';
  f: PlanFigure;
  rates: string | null;
}

/** Every figure of the plan: the totals first (agreed posts and fees, then the forecast), then each creator's. */
export function planLines(plan: CampaignPlan): PlanLine[] {
  const { totals } = plan;
  const lines: PlanLine[] = [
    { creator: 'Total', network: '', figure: 'Agreed posts', kind: 'count', f: { value: totals.posts, source: `${formatCount(plan.creators.length)} creators`, missing: null }, rates: null },
    { creator: 'Total', network: '', figure: 'Fees', kind: 'money', f: { value: totals.fee, source: 'sum of the fees agreed', missing: null }, rates: null },
    ...PLAN_FIGURES.map((p) => ({ creator: 'Total', network: '', figure: p.label, kind: p.kind, f: totals[p.key], rates: null })),
  ];
  for (const c of plan.creators) lines.push(...creatorLines(c));
  return lines;
}

export function creatorLines(c: CreatorPlan): PlanLine[] {
  const network = networkLabels[c.network];
  const base = { creator: c.name, network };
  return [
    { ...base, figure: 'Agreed', kind: 'count', f: { value: c.posts, source: postsCount(c.network, c.posts), missing: null }, rates: null },
    { ...base, figure: 'Fee', kind: 'money', f: { value: c.fee, source: 'agreed', missing: null }, rates: null },
    ...PER_POST_FIGURES.map((p) => ({ ...base, figure: p.label, kind: 'count' as const, f: c[p.key], rates: null })),
    ...PLAN_FIGURES.map((p) => ({ ...base, figure: p.label, kind: p.kind, f: c[p.key], rates: p.key === 'mediaValue' ? c.rateText : null })),
  ];
}

/** A figure as the page writes it: a count rounded, money in the campaign's currency. */
export function figureText(line: Pick<PlanLine, 'kind' | 'f'>, currency: string): string {
  if (line.f.value === null) return line.f.missing ?? 'no figure';
  return line.kind === 'money' ? formatMoneyIn(line.f.value, currency) : formatCount(Math.round(line.f.value));
}

export const CREATOR_HEADERS = ['Creator', 'Network', 'Agreed', 'Due dates', 'Fee', ...PLAN_FIGURES.map((p) => p.label), 'Rates', 'Report fetched'] as const;
export const FIGURE_HEADERS = ['Creator', 'Network', 'Figure', 'Forecast', 'Where it comes from', 'Rates'] as const;

function putFigure(cell: ExcelJS.Cell, kind: 'count' | 'money', f: PlanFigure, currency: string) {
  if (f.value === null) {
    cell.value = f.missing ?? 'no figure';
    cell.font = ABSENT_FONT;
    cell.alignment = { wrapText: true, vertical: 'top' };
    return;
  }
  cell.value = kind === 'count' ? Math.round(f.value) : f.value;
  cell.numFmt = kind === 'count' ? SHEET_FORMATS.count : moneyFormatIn(currency, f.value);
}

type CreatorRow = { kind: 'creator'; c: CreatorPlan; dueDates: string } | { kind: 'total' };

/** The workbook: a Creators sheet (one row each, and the totals) and a Figures sheet (every figure with its source). */
export function mediaPlanSheets(campaign: Campaign, plan: CampaignPlan, meta: WorkbookMeta): AnyStreamedSheet[] {
  const facts = mediaPlanFacts(campaign, plan)
    .map((f) => `${f.label}: ${f.value}`)
    .join(' · ');
  const due = new Map(campaign.creators.map((c) => [`${c.network}:${c.accountKey}`, c.dueDates.join(', ')]));
  const { currency, totals } = plan;
  const rows: CreatorRow[] = [...plan.creators.map((c) => ({ kind: 'creator' as const, c, dueDates: due.get(`${c.network}:${c.accountKey}`) ?? '' })), { kind: 'total' }];
  const creators: StreamedSheet<CreatorRow> = {
    name: 'Creators',
    title: meta.title,
    subtitle: () => subtitleText(meta.brand, facts),
    headers: CREATOR_HEADERS,
    limits: { min: 10, max: 28, maxOf: { 1: 34, 13: 40 } },
    rows: inBatchesOf(rows),
    write: (row, r) => {
      if (r.kind === 'total') {
        row.getCell(1).value = 'Total';
        row.getCell(3).value = totals.posts;
        row.getCell(3).numFmt = SHEET_FORMATS.count;
        putFigure(row.getCell(5), 'money', { value: totals.fee, source: null, missing: null }, currency);
        PLAN_FIGURES.forEach((p, i) => putFigure(row.getCell(6 + i), p.kind, totals[p.key], currency));
        for (let i = 1; i <= CREATOR_HEADERS.length; i++) row.getCell(i).font = { ...(row.getCell(i).font ?? {}), bold: true };
        return;
      }
      const { c } = r;
      row.getCell(1).value = c.name;
      row.getCell(2).value = networkLabels[c.network];
      row.getCell(3).value = c.posts;
      row.getCell(4).value = r.dueDates || null;
      putFigure(row.getCell(5), 'money', { value: c.fee, source: null, missing: null }, currency);
      PLAN_FIGURES.forEach((p, i) => putFigure(row.getCell(6 + i), p.kind, c[p.key], currency));
      row.getCell(13).value = c.rateText ?? 'No media rates set';
      row.getCell(13).alignment = { wrapText: true, vertical: 'top' };
      if (c.reportFetchedAt !== null) {
        row.getCell(14).value = new Date(c.reportFetchedAt);
        row.getCell(14).numFmt = SHEET_FORMATS.dateTime;
      } else row.getCell(14).value = 'no cached report';
    },
    frozenColumns: 1,
    repeatFirstColumn: true,
  };
  const lines = planLines(plan);
  const figures: StreamedSheet<PlanLine> = {
    name: 'Figures',
    title: `${meta.title}: every figure and its source`,
    subtitle: () => subtitleText(meta.brand, 'Each forecast figure: the report figure and period it is read from, or how it is made, or why there is none; the media value with the rates it is at.'),
    headers: FIGURE_HEADERS,
    limits: { min: 10, max: 30, maxOf: { 1: 30, 5: 60, 6: 40 } },
    rows: inBatchesOf(lines),
    write: (row, line) => {
      row.getCell(1).value = line.creator;
      row.getCell(2).value = line.network || null;
      row.getCell(3).value = line.figure;
      putFigure(row.getCell(4), line.kind, line.f, currency);
      row.getCell(5).value = line.f.source ?? null;
      row.getCell(5).alignment = { wrapText: true, vertical: 'top' };
      row.getCell(6).value = line.rates;
      row.getCell(6).alignment = { wrapText: true, vertical: 'top' };
    },
    frozenColumns: 1,
    autoFilter: true,
  };
  return [creators, figures];
}
