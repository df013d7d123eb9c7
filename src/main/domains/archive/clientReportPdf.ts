// Draws Scout's client report with pdf-lib: a cover (the agency's logo, name and accent, the
// account, the dates), the headline figures with their periods, the researcher's note, then the
// growth, audience and content charts, drawn with pdf-lib's own lines, rectangles and circles.
// Every page has a footer with its number. Pure: content in, bytes out; no network, no files.
//
// Text: every script a creator writes in (platform/pdf/pdfText.ts: Noto fonts embedded subset,
// a font per run of text, right-to-left runs ordered by the bidi algorithm), so a name in
// Japanese, Arabic or with emoji is written as it is, never as '?' or as its handle.
import { PDFDocument, rgb, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { PdfText } from '../../platform/pdf/pdfText';
import type { AgencyBrand } from '@shared/agency';
import { CLIENT_SECTION_TITLES, clientReportSections, type ClientChart, type ClientReportContent } from '@shared/clientReport';

export interface ClientReportDrawing {
  brand: AgencyBrand;
  /** The logo as PNG bytes (an SVG logo's rendition), or null. */
  logoPng: Uint8Array | null;
  content: ClientReportContent;
  note: string;
  /** The dates on the cover, as the page formatted them. */
  reportDate: string;
  preparedDate: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOOTER = 36;
const INK = rgb(0.12, 0.13, 0.16);
const MUTED = rgb(0.4, 0.42, 0.47);
const RULE = rgb(0.82, 0.84, 0.88);

function hexColor(hex: string): RGB {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** A lighter shade of the accent, for bar tracks and bands. */
function tint(color: RGB, amount: number): RGB {
  return rgb(color.red + (1 - color.red) * amount, color.green + (1 - color.green) * amount, color.blue + (1 - color.blue) * amount);
}

/** Draws the whole report; returns the PDF's bytes. */
export async function drawClientReport(input: ClientReportDrawing): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // Every text the report draws, so the document embeds the fonts of the scripts it holds.
  const t = await PdfText.create(doc, [JSON.stringify(input.content), input.note, input.brand.name, input.reportDate, input.preparedDate, '…’—'].join('\n'));
  const accent = hexColor(input.brand.accent);
  const logo = input.logoPng ? await doc.embedPng(input.logoPng) : null;
  const { content } = input;
  const agency = input.brand.name.trim();
  const accountName = content.title.trim() || content.handle;
  doc.setTitle(`Client report: ${accountName}`);
  if (agency) doc.setAuthor(agency);
  doc.setCreator('Scout Workbench');
  doc.setProducer('Scout Workbench (pdf-lib)');
  doc.setSubject(`${content.handle} on ${content.network}, report data of ${input.reportDate}`);

  const w = new Writer(doc, t, accent);

  // ---- cover
  const cover = w.page;
  cover.drawRectangle({ x: 0, y: A4[1] - 14, width: A4[0], height: 14, color: accent });
  let y = A4[1] - 14 - MARGIN;
  if (logo) {
    const box = fit(logo, 200, 80);
    cover.drawImage(logo, { x: MARGIN, y: y - box.height, width: box.width, height: box.height });
    y -= box.height + 16;
  }
  if (agency) {
    y = w.text(agency, { x: MARGIN, y, size: 16, bold: true, color: INK, width: A4[0] - 2 * MARGIN });
  }
  y = Math.min(y, A4[1] * 0.62);
  cover.drawRectangle({ x: MARGIN, y: y - 4, width: 56, height: 4, color: accent });
  y -= 28;
  y = w.text('Client report', { x: MARGIN, y, size: 13, color: MUTED });
  y = w.text(accountName, { x: MARGIN, y: y - 6, size: 30, bold: true, color: INK, width: A4[0] - 2 * MARGIN, lineGap: 6 });
  y = w.text(`${content.handle} on ${content.network}`, { x: MARGIN, y: y - 4, size: 14, color: INK });
  y -= 20;
  y = w.text(`Report data of ${input.reportDate}`, { x: MARGIN, y, size: 11, color: MUTED });
  w.text(`Prepared ${input.preparedDate}${agency ? ` by ${agency}` : ''}`, { x: MARGIN, y: y - 2, size: 11, color: MUTED, width: A4[0] - 2 * MARGIN });

  // ---- headline figures
  w.newPage();
  w.heading('Headline figures');
  if (content.headline.length === 0) w.paragraph('This report has no headline figures.', MUTED);
  const columns = 3;
  const gap = 12;
  const cardWidth = (A4[0] - 2 * MARGIN - gap * (columns - 1)) / columns;
  const cardHeight = 64;
  for (let i = 0; i < content.headline.length; i += columns) {
    w.need(cardHeight + gap);
    const top = w.y;
    content.headline.slice(i, i + columns).forEach((h, j) => {
      const x = MARGIN + j * (cardWidth + gap);
      w.page.drawRectangle({ x, y: top - cardHeight, width: cardWidth, height: cardHeight, borderColor: RULE, borderWidth: 0.75 });
      w.page.drawRectangle({ x, y: top - cardHeight, width: 3, height: cardHeight, color: accent });
      w.text(h.label, { x: x + 10, y: top - 8, size: 9, color: MUTED, width: cardWidth - 16, maxLines: 1 });
      w.text(h.value, { x: x + 10, y: top - 24, size: 17, bold: true, color: INK, width: cardWidth - 16, maxLines: 1 });
      w.text(h.period, { x: x + 10, y: top - 48, size: 8, color: MUTED, width: cardWidth - 16, maxLines: 1 });
    });
    w.y = top - cardHeight - gap;
  }

  // ---- the researcher's note
  if (input.note.trim()) {
    w.y -= 8;
    w.heading('Researcher’s note');
    for (const paragraph of input.note.trim().split(/\n\s*\n/)) w.paragraph(paragraph.replace(/\s*\n\s*/g, ' '), INK);
  }

  // ---- charts by section
  for (const section of clientReportSections) {
    const charts = content.charts.filter((c) => c.section === section);
    if (charts.length === 0) continue;
    w.y -= 8;
    w.heading(CLIENT_SECTION_TITLES[section], 160);
    for (const { chart } of charts) drawChart(w, chart);
  }
  if (content.facts.length > 0) {
    w.y -= 8;
    w.heading('More about the account');
    for (const fact of content.facts) {
      w.need(16);
      w.text(fact.label, { x: MARGIN, y: w.y, size: 9, color: MUTED, width: 170, maxLines: 1 });
      w.y = Math.min(w.y - 14, w.text(fact.value, { x: MARGIN + 180, y: w.y, size: 10, color: INK, width: A4[0] - 2 * MARGIN - 180 }) - 4);
    }
  }

  // ---- footers, now the pages are counted
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawLine({ start: { x: MARGIN, y: FOOTER }, end: { x: A4[0] - MARGIN, y: FOOTER }, thickness: 0.5, color: RULE });
    const left = [agency, `Client report: ${accountName}`].filter(Boolean).join(' - ');
    t.draw(page, t.clip(left, { size: 8 }, A4[0] - 2 * MARGIN - 80), { x: MARGIN, y: FOOTER - 12, size: 8, color: MUTED });
    t.draw(page, `Page ${i + 1} of ${pages.length}`, { x: A4[0] - MARGIN, y: FOOTER - 12, size: 8, color: MUTED, align: 'right' });
  });
  return doc.save();
}

function fit(image: PDFImage, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
  return { width: image.width * scale, height: image.height * scale };
}

interface TextOptions {
  x: number;
  /** The top of the first line. */
  y: number;
  size: number;
  bold?: boolean;
  color: RGB;
  width?: number;
  maxLines?: number;
  lineGap?: number;
}

/** Places content down the pages, starting a new page when what comes next does not fit. */
class Writer {
  page: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly t: PdfText,
    readonly accent: RGB,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.page.drawRectangle({ x: 0, y: A4[1] - 4, width: A4[0], height: 4, color: this.accent });
    this.y = A4[1] - MARGIN;
  }

  /** Starts a new page unless `height` still fits above the footer. */
  need(height: number) {
    if (this.y - height < FOOTER + 24) this.newPage();
  }

  /** Writes text (wrapped to `width` when given) with its top at `y`; returns the y under it. */
  text(raw: string, o: TextOptions): number {
    const style = { size: o.size, bold: o.bold };
    let lines = o.width ? this.t.wrap(raw, style, o.width) : [raw];
    if (o.maxLines && lines.length > o.maxLines) {
      lines = lines.slice(0, o.maxLines);
      lines[o.maxLines - 1] = this.t.clip(`${lines[o.maxLines - 1]}…`, style, o.width ?? Infinity);
    }
    const lineHeight = o.size * 1.25 + (o.lineGap ?? 0);
    let y = o.y;
    for (const line of lines) {
      this.t.draw(this.page, line, { x: o.x, y: y - o.size, size: o.size, bold: o.bold, color: o.color, width: o.width, align: 'auto' });
      y -= lineHeight;
    }
    return y;
  }

  /** A section heading, kept with at least `keep` points of what follows. */
  heading(text: string, keep = 60) {
    this.need(28 + keep);
    this.y = this.text(text, { x: MARGIN, y: this.y, size: 15, bold: true, color: INK });
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: A4[0] - MARGIN, y: this.y + 2 }, thickness: 0.75, color: this.accent });
    this.y -= 10;
  }

  paragraph(text: string, color: RGB) {
    const width = A4[0] - 2 * MARGIN;
    for (const line of this.t.wrap(text, { size: 10.5 }, width)) {
      this.need(14);
      this.t.draw(this.page, line, { x: MARGIN, y: this.y - 10.5, size: 10.5, color, width, align: 'auto' });
      this.y -= 14;
    }
    this.y -= 6;
  }
}

const PLOT_HEIGHT = 150;

function drawChart(w: Writer, chart: ClientChart) {
  const width = A4[0] - 2 * MARGIN;
  const height = chart.kind === 'bars' ? 22 + chart.items.length * 15 : 22 + PLOT_HEIGHT + 24;
  w.need(height + 14);
  w.y = w.text(chart.title, { x: MARGIN, y: w.y, size: 11, bold: true, color: INK, width, maxLines: 1 }) - 6;
  const page = w.page;
  if (chart.kind === 'bars') {
    const labelWidth = 150;
    const textWidth = 70;
    const barWidth = width - labelWidth - textWidth - 12;
    const max = Math.max(...chart.items.map((i) => Math.abs(i.value)), 0) || 1;
    for (const item of chart.items) {
      const top = w.y;
      w.text(item.label, { x: MARGIN, y: top, size: 9, color: INK, width: labelWidth - 6, maxLines: 1 });
      page.drawRectangle({ x: MARGIN + labelWidth, y: top - 10, width: barWidth, height: 9, color: tint(w.accent, 0.88) });
      page.drawRectangle({ x: MARGIN + labelWidth, y: top - 10, width: Math.max(0.5, (barWidth * Math.abs(item.value)) / max), height: 9, color: item.value < 0 ? MUTED : w.accent });
      w.text(item.text, { x: MARGIN + labelWidth + barWidth + 8, y: top, size: 9, color: INK, width: textWidth, maxLines: 1 });
      w.y = top - 15;
    }
    w.y -= 12;
    return;
  }
  const left = MARGIN + 50;
  const right = MARGIN + width - 8;
  const top = w.y - 4;
  const bottom = top - PLOT_HEIGHT;
  page.drawLine({ start: { x: left, y: bottom }, end: { x: right, y: bottom }, thickness: 0.75, color: RULE });
  page.drawLine({ start: { x: left, y: bottom }, end: { x: left, y: top }, thickness: 0.75, color: RULE });
  page.drawLine({ start: { x: left, y: top }, end: { x: right, y: top }, thickness: 0.4, color: RULE, dashArray: [2, 3] });
  if (chart.kind === 'line') {
    const times = chart.points.map((p) => p.time);
    const values = chart.points.map((p) => p.value);
    const [t0, t1] = [Math.min(...times), Math.max(...times)];
    const [v0, v1] = [Math.min(...values), Math.max(...values)];
    const sx = (t: number) => left + ((t - t0) / (t1 - t0 || 1)) * (right - left);
    const sy = (v: number) => (v1 === v0 ? (top + bottom) / 2 : bottom + ((v - v0) / (v1 - v0)) * (top - bottom));
    for (let i = 1; i < chart.points.length; i++) {
      const a = chart.points[i - 1]!;
      const b = chart.points[i]!;
      page.drawLine({ start: { x: sx(a.time), y: sy(a.value) }, end: { x: sx(b.time), y: sy(b.value) }, thickness: 1.5, color: w.accent });
    }
    axisLabels(w, { left, right, top, bottom, high: chart.high, low: chart.low, from: chart.from, to: chart.to });
  } else {
    const xMax = Math.max(...chart.points.map((p) => p.x), 0) || 1;
    const yMax = Math.max(...chart.points.map((p) => p.y), 0) || 1;
    for (const p of chart.points) {
      page.drawCircle({ x: left + (Math.max(0, p.x) / xMax) * (right - left), y: bottom + (Math.max(0, p.y) / yMax) * (top - bottom), size: 1.8, color: w.accent, opacity: 0.7 });
    }
    axisLabels(w, { left, right, top, bottom, high: chart.yHigh, low: '0', from: '0', to: chart.xHigh });
    w.text(`Across: ${chart.xLabel}. Up: ${chart.yLabel}.`, { x: left, y: bottom - 18, size: 8, color: MUTED, width: right - left - 80, maxLines: 1 });
  }
  w.y = bottom - 32;
}

function axisLabels(w: Writer, a: { left: number; right: number; top: number; bottom: number; high: string; low: string; from: string; to: string }) {
  const put = (text: string, x: number, y: number, align: 'left' | 'right') => {
    w.t.draw(w.page, text, { x, y, size: 8, color: MUTED, align });
  };
  put(a.high, a.left - 4, a.top - 3, 'right');
  put(a.low, a.left - 4, a.bottom - 3, 'right');
  put(a.from, a.left, a.bottom - 12, 'left');
  put(a.to, a.right, a.bottom - 12, 'right');
}
