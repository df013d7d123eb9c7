// Scout's own client report of one account (Accounts → a report → Client report…): what goes on
// its pages. The page builds it from the report model it shows (one source for every figure, the
// one formatter for every text), main checks it against the cached report and draws the PDF with
// pdf-lib, offline: nothing here calls the API or spends.
import { z } from 'zod';

/** The most bars a chart of the client report draws (a breakdown's first ones, as the page orders them). */
export const CLIENT_REPORT_BARS = 12;

/** The most points a line or dot chart of the client report carries (a page is about 500 points wide). */
export const CLIENT_REPORT_POINTS = 1000;

/** The longest researcher's note a client report carries. */
export const MAX_CLIENT_NOTE = 4000;

const text = (max = 200) => z.string().max(max);

const headlineSchema = z
  .object({
    label: text(),
    /** As the report page shows it ('13.2M', '6.85 %', or the words for a missing figure). */
    value: text(),
    /** Where the value comes from, in the page's words ('last 30 days', 'not by period'). */
    period: text(),
  })
  .strict();

const barsSchema = z
  .object({
    kind: z.literal('bars'),
    title: text(),
    /** A bar per item; `value` sizes the bar (a negative one is drawn muted), `text` is written beside it. */
    items: z
      .array(z.object({ label: text(), value: z.number().finite(), text: text(60) }).strict())
      .min(1)
      .max(40),
  })
  .strict();

const lineSchema = z
  .object({
    kind: z.literal('line'),
    title: text(),
    points: z
      .array(z.object({ time: z.number().finite(), value: z.number().finite() }).strict())
      .min(2)
      .max(CLIENT_REPORT_POINTS),
    /** The axis texts, formatted by the page: the first and last dates, the lowest and highest values. */
    from: text(60),
    to: text(60),
    low: text(60),
    high: text(60),
  })
  .strict();

const dotsSchema = z
  .object({
    kind: z.literal('dots'),
    title: text(),
    xLabel: text(60),
    yLabel: text(60),
    points: z
      .array(z.object({ x: z.number().finite(), y: z.number().finite() }).strict())
      .min(1)
      .max(CLIENT_REPORT_POINTS),
    xHigh: text(60),
    yHigh: text(60),
  })
  .strict();

export const clientChartSchema = z.discriminatedUnion('kind', [barsSchema, lineSchema, dotsSchema]);
export type ClientChart = z.infer<typeof clientChartSchema>;

export const clientReportSections = ['growth', 'audience', 'content'] as const;
export type ClientReportSection = (typeof clientReportSections)[number];

export const clientReportContentSchema = z
  .object({
    /** The cached report's fetch time the figures were read from: main refuses a stale page. */
    fetchedAt: z.number().int().positive(),
    title: text(),
    /** '@natgeo' on Instagram. */
    handle: text(),
    network: text(40),
    headline: z.array(headlineSchema).max(16),
    charts: z
      .array(z.object({ section: z.enum(clientReportSections), chart: clientChartSchema }).strict())
      .max(40),
    /** Further facts as label and text (the report page's extras). */
    facts: z
      .array(z.object({ label: text(), value: text(400) }).strict())
      .max(40),
  })
  .strict();
export type ClientReportContent = z.infer<typeof clientReportContentSchema>;

export const clientReportNoteSchema = z.string().max(MAX_CLIENT_NOTE, `A note has at most ${MAX_CLIENT_NOTE} characters.`);

/** Section titles on the PDF's pages. */
export const CLIENT_SECTION_TITLES: Readonly<Record<ClientReportSection, string>> = {
  growth: 'Growth',
  audience: 'Audience',
  content: 'Content',
};
