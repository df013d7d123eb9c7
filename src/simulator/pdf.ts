// The simulator's PDF export: a multi-page report of one account, drawn with pdf-lib from the
// same day's report figures (data/reports/summary.ts), with its charts (follower growth line,
// audience bars). Standard Helvetica only, so every string is first made WinAnsi-safe.
// pdf-lib is loaded with the first PDF drawn, not when the demo's simulator starts with Scout
// (a tenth of a second of module loading before the first page).
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { ReportSummary } from './data/reports/summary';

const PAGE = { width: 595, height: 842 };
const MARGIN = 56;

const networkNames: Record<ReportSummary['network'], string> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  twitter: 'Twitter',
  snapchat: 'Snapchat',
};

/** Characters Helvetica's WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** `text` with every character the standard fonts cannot encode replaced (accents dropped first). */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (code === 0x09 || code === 0x0a || code === 0x0d) out += ' ';
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function date(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

function whole(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function percent(value: number): string {
  return `${value.toFixed(2)} %`;
}

interface Pen {
  doc: PDFDocument;
  font: PDFFont;
  bold: PDFFont;
  page: PDFPage;
  y: number;
  colors: { ink: RGB; muted: RGB; accent: RGB; rule: RGB };
}

function text(pen: Pen, value: string, x: number, y: number, size = 10, options: { bold?: boolean; color?: RGB; right?: boolean } = {}) {
  const font = options.bold ? pen.bold : pen.font;
  const safe = winAnsi(value);
  const dx = options.right ? font.widthOfTextAtSize(safe, size) : 0;
  pen.page.drawText(safe, { x: x - dx, y, size, font, color: options.color ?? pen.colors.ink });
}

function newPage(pen: Pen): void {
  pen.page = pen.doc.addPage([PAGE.width, PAGE.height]);
  pen.y = PAGE.height - MARGIN;
}

function heading(pen: Pen, title: string): void {
  text(pen, title, MARGIN, pen.y, 14, { bold: true });
  pen.y -= 8;
  pen.page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: PAGE.width - MARGIN, y: pen.y }, thickness: 0.8, color: pen.colors.rule });
  pen.y -= 20;
}

/** A table: the first column left-aligned, the others right-aligned at fixed positions. */
function table(pen: Pen, columns: { title: string; x: number }[], rows: string[][]): void {
  columns.forEach((c, i) => text(pen, c.title, c.x, pen.y, 9, { bold: true, color: pen.colors.muted, right: i > 0 }));
  pen.y -= 16;
  for (const row of rows) {
    row.forEach((cell, i) => text(pen, cell, columns[i]!.x, pen.y, 10, { right: i > 0 }));
    pen.y -= 15;
  }
  pen.y -= 10;
}

/** The follower curve as a line, with its lowest and highest counts and month ticks (with years). */
function followerChart(pen: Pen, series: ReportSummary['followerSeries']): void {
  const left = MARGIN + 64;
  const width = PAGE.width - MARGIN - left;
  const height = 180;
  const bottom = pen.y - height;
  const counts = series.map((s) => s.count);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  const span = max - min || 1;
  const x = (i: number) => left + (i / Math.max(1, series.length - 1)) * width;
  const y = (count: number) => bottom + ((count - min) / span) * height;
  pen.page.drawLine({ start: { x: left, y: bottom }, end: { x: left + width, y: bottom }, thickness: 0.6, color: pen.colors.rule });
  pen.page.drawLine({ start: { x: left, y: bottom }, end: { x: left, y: bottom + height }, thickness: 0.6, color: pen.colors.rule });
  text(pen, whole(max), left - 6, bottom + height - 3, 8, { color: pen.colors.muted, right: true });
  text(pen, whole(min), left - 6, bottom - 3, 8, { color: pen.colors.muted, right: true });
  for (let i = 1; i < series.length; i++) {
    pen.page.drawLine({ start: { x: x(i - 1), y: y(series[i - 1]!.count) }, end: { x: x(i), y: y(series[i]!.count) }, thickness: 1.4, color: pen.colors.accent });
  }
  // A tick at the first day of every third month.
  series.forEach((point, i) => {
    const d = new Date(point.time);
    if (d.getUTCDate() !== 1 || d.getUTCMonth() % 3 !== 0) return;
    pen.page.drawLine({ start: { x: x(i), y: bottom }, end: { x: x(i), y: bottom - 4 }, thickness: 0.6, color: pen.colors.muted });
    text(pen, `${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`, x(i) - 16, bottom - 16, 8, { color: pen.colors.muted });
  });
  pen.y = bottom - 40;
}

/** Horizontal bars of shares (percent), each labelled with its value. */
function bars(pen: Pen, items: readonly { label: string; share: number }[]): void {
  const left = MARGIN + 130;
  const width = PAGE.width - MARGIN - left - 60;
  const largest = Math.max(...items.map((i) => i.share), 1);
  for (const item of items) {
    text(pen, item.label, MARGIN, pen.y, 10);
    pen.page.drawRectangle({ x: left, y: pen.y - 2, width: Math.max(1, (item.share / largest) * width), height: 11, color: pen.colors.accent });
    text(pen, `${item.share.toFixed(1)} %`, PAGE.width - MARGIN, pen.y, 10, { right: true });
    pen.y -= 18;
  }
  pen.y -= 12;
}

/** The PDF of one account's report. Deterministic: the same summary gives the same bytes. */
export async function renderReportPdf(s: ReportSummary): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const network = networkNames[s.network];
  doc.setTitle(winAnsi(`${s.title} on ${network}: report of ${date(s.day)}`));
  doc.setProducer('Scout API simulator');
  doc.setCreator('Scout API simulator');
  doc.setCreationDate(new Date(s.day));
  doc.setModificationDate(new Date(s.day));
  const pen: Pen = { doc, font: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold),
    page: undefined!,
    y: 0,
    colors: { ink: rgb(0.12, 0.14, 0.18), muted: rgb(0.42, 0.45, 0.5), accent: rgb(0.16, 0.38, 0.74), rule: rgb(0.85, 0.87, 0.9) },
  };

  // Page 1: who, the headline figures and the follower growth line.
  newPage(pen);
  text(pen, s.title, MARGIN, pen.y, 22, { bold: true });
  pen.y -= 22;
  text(pen, `@${s.username} on ${network} - report of ${date(s.day)}`, MARGIN, pen.y, 11, { color: pen.colors.muted });
  pen.y -= 36;
  heading(pen, 'Headline figures');
  const headline: [string, string][] = [
    ['Followers', whole(s.followers)],
    ...(s.er !== null ? [['Engagement rate', percent(s.er)] as [string, string]] : []),
    ['Average likes per post', s.avgLikes === null ? 'hidden by the account' : whole(s.avgLikes)],
    ...(s.avgViews !== null ? [['Average views per post', whole(s.avgViews)] as [string, string]] : []),
    ['Posts published', whole(s.postsTotal)],
    ['Follower growth, 30 days', percent(s.growth30d)],
    ...(s.quality !== null ? [['Audience quality score', `${Math.round(s.quality)} of 100`] as [string, string]] : []),
  ];
  for (const [label, value] of headline) {
    text(pen, label, MARGIN, pen.y, 11);
    text(pen, value, PAGE.width - MARGIN, pen.y, 11, { bold: true, right: true });
    pen.y -= 18;
  }
  pen.y -= 18;
  heading(pen, 'Follower growth, last 12 months');
  followerChart(pen, s.followerSeries);

  // Page 2: the periods and the latest posts.
  newPage(pen);
  heading(pen, 'Posts by period');
  const or = (value: number | null, show: (v: number) => string) => (value === null ? '-' : show(value));
  const hasViews = s.avgViews !== null;
  const cols = [
    { title: 'Period', x: MARGIN },
    { title: 'Posts', x: MARGIN + 150 },
    { title: 'Engagement rate', x: MARGIN + 250 },
    { title: 'Average likes', x: MARGIN + 340 },
    { title: hasViews ? 'Average views' : 'Average comments', x: PAGE.width - MARGIN },
  ];
  table(
    pen,
    cols,
    s.periods.map((p) => [
      `Last ${p.label}`,
      whole(p.posts),
      or(p.er, percent),
      or(p.avgLikes, whole),
      hasViews ? or(p.avgViews, whole) : or(p.avgComments, whole),
    ]),
  );
  if (s.periods.some((p) => p.posts === 0)) {
    text(pen, 'A dash: no posts in that period, so it has no averages.', MARGIN, pen.y, 9, { color: pen.colors.muted });
    pen.y -= 28;
  }
  heading(pen, 'Latest posts');
  table(
    pen,
    [
      { title: 'Published', x: MARGIN },
      { title: 'Likes', x: MARGIN + 190 },
      { title: 'Comments', x: MARGIN + 280 },
      { title: hasViews ? 'Views' : 'Engagement rate', x: PAGE.width - MARGIN },
    ],
    s.latest.map((m) => [date(m.time), s.avgLikes === null ? '-' : whole(m.likes), whole(m.comments), hasViews ? whole(m.views) : percent(m.er)]),
  );

  // Page 3: the audience.
  newPage(pen);
  heading(pen, 'Audience');
  if (s.countries.length === 0 && s.genders.length === 0) {
    text(pen, `The ${network} report of this account has no audience analysis.`, MARGIN, pen.y, 11, { color: pen.colors.muted });
  } else {
    if (s.countries.length) {
      text(pen, 'Countries', MARGIN, pen.y, 11, { bold: true });
      pen.y -= 20;
      bars(pen, s.countries.map((c) => ({ label: c.name, share: c.share })));
    }
    if (s.genders.length) {
      text(pen, 'Gender', MARGIN, pen.y, 11, { bold: true });
      pen.y -= 20;
      bars(pen, s.genders);
    }
    if (s.ages.length && s.ages.some((a) => a.share > 0)) {
      text(pen, 'Age', MARGIN, pen.y, 11, { bold: true });
      pen.y -= 20;
      bars(pen, s.ages);
    }
  }

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = winAnsi(`${s.title} on ${network} - ${date(s.day)} - page ${i + 1} of ${pages.length}`);
    page.drawText(footer, { x: MARGIN, y: 30, size: 8, font: pen.font, color: pen.colors.muted });
  });
  return doc.save();
}
