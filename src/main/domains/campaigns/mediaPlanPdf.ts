// A campaign's media plan as a PDF, drawn with pdf-lib: the agency's logo, name and accent, the
// campaign's facts, then the totals and each creator's figures in three columns (figure, forecast,
// where it comes from, the rates beside the media value), as the campaign page shows them. Text in
// every script (platform/pdf/pdfText.ts), so a creator's name is written as it is. Pure: bytes out.
import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import type { Campaign, CampaignPlan } from '@shared/campaigns';
import { formatDate, formatMoneyIn } from '@shared/format';
import { postsCount } from '@shared/labels';
import { PdfText } from '../../platform/pdf/pdfText';
import { creatorLines, figureText, mediaPlanFacts, planLines, type PlanLine } from './mediaPlan';

export interface MediaPlanDrawing {
  campaign: Campaign;
  plan: CampaignPlan;
  brand: { name: string; accent: string };
  logoPng: Uint8Array | null;
  /** The document's title ('Media plan: Summer glow'). */
  title: string;
  createdAt: number;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 44;
const FOOTER = 34;
const INK = rgb(0.12, 0.13, 0.16);
const MUTED = rgb(0.4, 0.42, 0.47);
const RULE = rgb(0.82, 0.84, 0.88);
const WIDTH = A4[0] - 2 * MARGIN;
const COLS = { figure: 130, value: 130 };

function hexColor(hex: string): RGB {
  const n = /^#[0-9a-f]{6}$/i.test(hex) ? Number.parseInt(hex.slice(1), 16) : 0x2f5fd0;
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

export async function drawMediaPlan(input: MediaPlanDrawing): Promise<Uint8Array> {
  const { campaign, plan } = input;
  const doc = await PDFDocument.create();
  const facts = mediaPlanFacts(campaign, plan);
  const lines = planLines(plan);
  const sample = [input.title, input.brand.name, JSON.stringify(facts), JSON.stringify(lines), '…—·'].join('\n');
  const t = await PdfText.create(doc, sample);
  const accent = hexColor(input.brand.accent);
  const agency = input.brand.name.trim();
  doc.setTitle(input.title);
  if (agency) doc.setAuthor(agency);
  doc.setCreator('Scout Workbench');
  doc.setProducer('Scout Workbench (pdf-lib)');
  doc.setSubject(`Media plan of ${campaign.name} for ${campaign.client || 'the client'}`);
  doc.setCreationDate(new Date(input.createdAt));

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = doc.addPage(A4);
    page.drawRectangle({ x: 0, y: A4[1] - 4, width: A4[0], height: 4, color: accent });
    y = A4[1] - MARGIN;
  };
  const need = (height: number) => {
    if (y - height < FOOTER + 20) newPage();
  };
  /** Wrapped text with its top at `top`; returns the y under it. */
  const text = (raw: string, o: { x: number; top: number; size: number; width: number; bold?: boolean; color?: RGB }) => {
    let at = o.top;
    for (const line of t.wrap(raw, { size: o.size, bold: o.bold }, o.width)) {
      t.draw(page, line, { x: o.x, y: at - o.size, size: o.size, bold: o.bold, color: o.color ?? INK, width: o.width, align: 'auto' });
      at -= o.size * 1.3;
    }
    return at;
  };

  // ---- the head: accent, logo, agency, title, facts
  page.drawRectangle({ x: 0, y: A4[1] - 12, width: A4[0], height: 12, color: accent });
  y = A4[1] - 12 - 28;
  if (input.logoPng) {
    const logo = await doc.embedPng(input.logoPng);
    const scale = Math.min(160 / logo.width, 56 / logo.height, 1);
    page.drawImage(logo, { x: MARGIN, y: y - logo.height * scale, width: logo.width * scale, height: logo.height * scale });
    y -= logo.height * scale + 12;
  }
  if (agency) y = text(agency, { x: MARGIN, top: y, size: 13, width: WIDTH, bold: true });
  y -= 10;
  page.drawRectangle({ x: MARGIN, y: y - 3, width: 48, height: 3, color: accent });
  y -= 16;
  y = text('Media plan', { x: MARGIN, top: y, size: 11, width: WIDTH, color: MUTED });
  y = text(campaign.name, { x: MARGIN, top: y - 2, size: 22, width: WIDTH, bold: true }) - 8;
  for (const fact of facts) {
    need(14);
    text(fact.label, { x: MARGIN, top: y, size: 8.5, width: 140, color: MUTED });
    y = Math.min(y - 13, text(fact.value, { x: MARGIN + 150, top: y, size: 9.5, width: WIDTH - 150 }) - 3);
  }

  const heading = (words: string, under: string | null) => {
    need(70);
    y -= 10;
    y = text(words, { x: MARGIN, top: y, size: 13, width: WIDTH, bold: true });
    page.drawLine({ start: { x: MARGIN, y: y + 3 }, end: { x: A4[0] - MARGIN, y: y + 3 }, thickness: 0.75, color: accent });
    y -= 4;
    if (under) y = text(under, { x: MARGIN, top: y, size: 8.5, width: WIDTH, color: MUTED }) - 2;
  };
  const table = (rows: readonly PlanLine[]) => {
    need(16);
    const headY = y;
    text('Figure', { x: MARGIN, top: headY, size: 8, width: COLS.figure, color: MUTED });
    text('Forecast', { x: MARGIN + COLS.figure, top: headY, size: 8, width: COLS.value, color: MUTED });
    text('Where it comes from', { x: MARGIN + COLS.figure + COLS.value, top: headY, size: 8, width: WIDTH - COLS.figure - COLS.value, color: MUTED });
    y -= 13;
    for (const line of rows) {
      const source = [line.f.source, line.rates ? `at ${line.rates}` : null].filter(Boolean).join('; ');
      const sourceWidth = WIDTH - COLS.figure - COLS.value;
      const height = Math.max(1, t.wrap(source, { size: 8 }, sourceWidth).length, t.wrap(figureText(line, plan.currency), { size: 9.5 }, COLS.value - 8).length) * 11 + 4;
      need(height);
      const top = y;
      page.drawLine({ start: { x: MARGIN, y: top + 2 }, end: { x: A4[0] - MARGIN, y: top + 2 }, thickness: 0.4, color: RULE });
      text(line.figure, { x: MARGIN, top: top - 1, size: 9.5, width: COLS.figure - 8 });
      const missing = line.f.value === null;
      text(figureText(line, plan.currency), { x: MARGIN + COLS.figure, top: top - 1, size: missing ? 8 : 9.5, width: COLS.value - 8, bold: !missing, color: missing ? MUTED : INK });
      text(source, { x: MARGIN + COLS.figure + COLS.value, top: top - 1.5, size: 8, width: sourceWidth, color: MUTED });
      y = top - height;
    }
  };

  heading('Total', null);
  table(lines.filter((l) => l.creator === 'Total'));
  const due = new Map(campaign.creators.map((c) => [`${c.network}:${c.accountKey}`, c.dueDates]));
  for (const c of plan.creators) {
    const dates = due.get(`${c.network}:${c.accountKey}`) ?? [];
    const about = [
      `${postsCount(c.network, c.posts)} for ${formatMoneyIn(c.fee, plan.currency)}`,
      dates.length > 0 ? `due ${dates.join(', ')}` : null,
      c.reportFetchedAt !== null ? `report fetched ${formatDate(c.reportFetchedAt)}` : 'no cached report',
    ]
      .filter(Boolean)
      .join(' · ');
    heading(c.name, about);
    table(creatorLines(c).slice(2));
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: MARGIN, y: FOOTER }, end: { x: A4[0] - MARGIN, y: FOOTER }, thickness: 0.5, color: RULE });
    const left = [agency, `Media plan: ${campaign.name}`, `made ${formatDate(input.createdAt)}`].filter(Boolean).join(' - ');
    t.draw(p, t.clip(left, { size: 7.5 }, WIDTH - 80), { x: MARGIN, y: FOOTER - 11, size: 7.5, color: MUTED });
    t.draw(p, `Page ${i + 1} of ${pages.length}`, { x: A4[0] - MARGIN, y: FOOTER - 11, size: 7.5, color: MUTED, align: 'right' });
  });
  return doc.save();
}
