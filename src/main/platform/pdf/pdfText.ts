// Text in every script for the PDFs Scout draws with pdf-lib: Latin, Cyrillic and Greek, Arabic
// and Hebrew (right to left), Thai, Japanese, Korean, Chinese and emoji, never a '?' in place of
// a letter. The fonts are Noto, shipped with the app as npm packages (@expo-google-fonts/*, SIL
// Open Font License; electron-builder.yml keeps only the weights used here), never the system's.
//
// How a line is drawn: each grapheme (a letter with its marks, an emoji sequence) takes the first
// font of the chain that has its glyphs; a space or sign stays in the font of what it follows, so
// a run of one script is one run of one font. Han characters ask Japanese first when the text has
// kana, Korean when it has Hangul, Chinese otherwise. Right-to-left runs are ordered for display
// by the Unicode bidi algorithm (bidi-js): levels per character, runs reversed from the highest
// level down (rule L2). fontkit shapes each run (Arabic joining, Thai marks) and itself lays out
// a run of a right-to-left script from right to left; where that is not the run's direction (signs
// or emoji between Arabic words; Arabic-Indic digits, which read left to right) it is reversed here.
//
// Fonts are embedded subset (only the glyphs drawn), so a report with a Japanese name carries a
// few kilobytes of the 5 MB font. fontkit 2 does the subsetting: the @pdf-lib/fontkit fork writes
// TrueType subsets with a corrupt short 'loca' (pdf-lib issue 1232: most CJK glyphs blank). pdf-lib
// 1.17 asks a subset for `encodeStream()`, which fontkit 2 replaced by `encode()`: `pdfLibFontkit`
// adds it. Which fonts a document embeds is settled up front from every text it will draw
// (`PdfText.create(doc, sample)`), as pdf-lib embeds asynchronously and drawing is synchronous.
import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import type { FontkitFont } from 'fontkit';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { Fontkit } from 'pdf-lib/cjs/types/fontkit';

type FaceKey = 'latin' | 'arabic' | 'hebrew' | 'thai' | 'jp' | 'kr' | 'sc' | 'emoji';

interface FaceFiles {
  pkg: string;
  regular: string;
  /** Bold where the app ships it; the regular face draws bold text otherwise. */
  bold?: string;
}

const FACES: Record<FaceKey, FaceFiles> = {
  latin: { pkg: 'noto-sans', regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' },
  arabic: { pkg: 'noto-sans-arabic', regular: '400Regular/NotoSansArabic_400Regular.ttf', bold: '700Bold/NotoSansArabic_700Bold.ttf' },
  hebrew: { pkg: 'noto-sans-hebrew', regular: '400Regular/NotoSansHebrew_400Regular.ttf', bold: '700Bold/NotoSansHebrew_700Bold.ttf' },
  thai: { pkg: 'noto-sans-thai', regular: '400Regular/NotoSansThai_400Regular.ttf', bold: '700Bold/NotoSansThai_700Bold.ttf' },
  jp: { pkg: 'noto-sans-jp', regular: '400Regular/NotoSansJP_400Regular.ttf' },
  kr: { pkg: 'noto-sans-kr', regular: '400Regular/NotoSansKR_400Regular.ttf' },
  sc: { pkg: 'noto-sans-sc', regular: '400Regular/NotoSansSC_400Regular.ttf' },
  emoji: { pkg: 'noto-emoji', regular: '400Regular/NotoEmoji_400Regular.ttf' },
};

const BASE_CHAIN: FaceKey[] = ['latin', 'arabic', 'hebrew', 'thai'];
const CJK_ORDER: Record<'jp' | 'kr' | 'sc', FaceKey[]> = { jp: ['jp', 'sc', 'kr'], kr: ['kr', 'jp', 'sc'], sc: ['sc', 'jp', 'kr'] };

/** The font chain for one text: Han in the font of the text's other East Asian letters. */
function chainFor(text: string): FaceKey[] {
  const hint = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? 'jp' : /\p{Script=Hangul}/u.test(text) ? 'kr' : 'sc';
  return [...BASE_CHAIN, ...CJK_ORDER[hint], 'emoji'];
}

interface LoadedFont {
  bytes: Uint8Array;
  font: FontkitFont;
}

const loaded = new Map<string, LoadedFont>();
const byBytes = new WeakMap<Uint8Array, FontkitFont>();
const requireHere = createRequire(__filename);

const packageDirs = new Map<string, string>();

function fontPath(face: FaceKey, bold: boolean): string {
  const files = FACES[face];
  let dir = packageDirs.get(files.pkg);
  if (!dir) packageDirs.set(files.pkg, (dir = path.dirname(requireHere.resolve(`@expo-google-fonts/${files.pkg}/package.json`))));
  return path.join(dir, bold && files.bold ? files.bold : files.regular);
}

/** A font file read and parsed once per process (fontkit reads its tables lazily). */
function load(face: FaceKey, bold: boolean): LoadedFont {
  const file = fontPath(face, bold);
  let entry = loaded.get(file);
  if (!entry) {
    const bytes = new Uint8Array(fs.readFileSync(file));
    const font = fontkit.create(bytes);
    withEncodeStream(font);
    entry = { bytes, font };
    byBytes.set(bytes, font);
    loaded.set(file, entry);
  }
  return entry;
}

function withEncodeStream(font: FontkitFont) {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as ReturnType<typeof createSubset> & { encodeStream?: () => EventEmitter };
    subset.encodeStream = () => {
      const stream = new EventEmitter();
      queueMicrotask(() => {
        try {
          stream.emit('data', subset.encode());
          stream.emit('end');
        } catch (err) {
          stream.emit('error', err);
        }
      });
      return stream;
    };
    return subset;
  };
}

/** The fontkit pdf-lib is given: the fonts loaded here, as parsed already (typed as the fork's). */
const pdfLibFontkit = {
  create(bytes: Uint8Array) {
    return byBytes.get(bytes) ?? fontkit.create(bytes);
  },
} as unknown as Fontkit;

/** Code points that never decide a font: joiners, variation selectors, tags. */
function ignorable(cp: number): boolean {
  return cp === 0x200d || cp === 0x200c || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0020 && cp <= 0xe007f) || cp === 0x20e3;
}

/** The first character of a script (not Common, not Inherited): what fontkit takes the run's direction from. */
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Any character of a right-to-left script or an explicit direction mark. */
const RTL_ANY = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]|\ud802[\udc00-\udfff]|\ud83a/;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const bidi = bidiFactory();

/**
 * The words and spaces of `text`: cut at spaces first, then each piece by the word segmenter
 * (which finds the words of Thai, Chinese and Japanese, and is slow over long texts).
 */
function* wordsOf(text: string): Generator<string> {
  for (const piece of text.split(/(\s+)/)) {
    if (piece === '') continue;
    if (/^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{P}\p{N}\s]*$/u.test(piece)) yield piece;
    else for (const { segment } of words.segment(piece)) yield segment;
  }
}

function covers(font: FontkitFont, grapheme: string): boolean {
  let any = false;
  for (const ch of grapheme) {
    const cp = ch.codePointAt(0)!;
    if (ignorable(cp)) continue;
    if (!font.hasGlyphForCodePoint(cp)) return false;
    any = true;
  }
  return any;
}

/** Text as one line: breaks and tabs as spaces, composed (NFC). */
function oneLine(text: string): string {
  return text.normalize('NFC').replace(/[\r\n\t\u2028\u2029]+/g, ' ');
}

export interface TextStyle {
  size: number;
  bold?: boolean;
}

interface Run {
  text: string;
  font: PDFFont;
  level: number;
}

/** The fonts of one document and the drawing of text with them. */
export class PdfText {
  private constructor(
    private readonly faces: Map<FaceKey, { regular: PDFFont; bold: PDFFont; file: FontkitFont }>,
  ) {}

  /**
   * Embeds in `doc` the fonts that `sample` (every text the document will draw, joined) needs:
   * always Noto Sans regular and bold, then each script's font only when the sample has it.
   */
  static async create(doc: PDFDocument, sample: string): Promise<PdfText> {
    doc.registerFontkit(pdfLibFontkit);
    const needed = new Set<FaceKey>(['latin']);
    const text = sample.normalize('NFC');
    const chain = chainFor(text);
    const latin = load('latin', false).font;
    // Code points, not graphemes: Intl.Segmenter takes seconds over a long text (it is quadratic).
    for (const ch of new Set(text)) {
      const cp = ch.codePointAt(0)!;
      if (ignorable(cp) || latin.hasGlyphForCodePoint(cp)) continue;
      const face = chain.find((f) => load(f, false).font.hasGlyphForCodePoint(cp));
      if (face) needed.add(face);
    }
    const faces = new Map<FaceKey, { regular: PDFFont; bold: PDFFont; file: FontkitFont }>();
    for (const face of Object.keys(FACES) as FaceKey[]) {
      if (!needed.has(face)) continue;
      const regular = load(face, false);
      const bold = load(face, true);
      const regularFont = await doc.embedFont(regular.bytes, { subset: true });
      const boldFont = bold === regular ? regularFont : await doc.embedFont(bold.bytes, { subset: true });
      faces.set(face, { regular: regularFont, bold: boldFont, file: regular.font });
    }
    return new PdfText(faces);
  }

  /** The keys of the fonts embedded (for tests: a Latin document carries no CJK font). */
  get embedded(): string[] {
    return [...this.faces.keys()];
  }

  private readonly widths = new Map<string, number>();
  private readonly coverage = new Map<FaceKey, Map<string, boolean>>();

  /** The width of `text` drawn on one line (kept per text: wrapping measures words again and again). */
  width(raw: string, style: TextStyle): number {
    const key = `${style.bold ? 'b' : 'r'}:${raw}`;
    let em = this.widths.get(key);
    if (em === undefined) {
      em = this.runs(oneLine(raw), style).reduce((sum, r) => sum + this.runWidth(r, 1000), 0);
      this.widths.set(key, em);
    }
    return (em * style.size) / 1000;
  }

  /** Whether a paragraph of `text` reads right to left (its first strong letter does). */
  isRtl(raw: string): boolean {
    const text = oneLine(raw);
    return (bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level ?? 0) % 2 === 1;
  }

  /**
   * Draws one line with its baseline at `y`. `align: 'right'` puts its end at `x`; 'auto' with a
   * `width` puts a right-to-left line against the right edge of that width.
   */
  draw(page: PDFPage, raw: string, o: TextStyle & { x: number; y: number; color: RGB; width?: number; align?: 'left' | 'right' | 'auto' }) {
    const text = oneLine(raw);
    const runs = this.visual(text, o);
    const total = runs.reduce((sum, r) => sum + this.runWidth(r, o.size), 0);
    let x = o.x;
    if (o.align === 'right') x = o.x - total;
    else if (o.align === 'auto' && o.width !== undefined && this.isRtl(text)) x = o.x + o.width - total;
    for (const run of runs) {
      page.drawText(run.text, { x, y: o.y, size: o.size, font: run.font, color: o.color });
      x += this.runWidth(run, o.size);
    }
  }

  private runWidth(run: Run, size: number): number {
    const key = `${run.font.name}|${run.text}`;
    let em = this.widths.get(key);
    if (em === undefined) this.widths.set(key, (em = run.font.widthOfTextAtSize(run.text, 1000)));
    return (em * size) / 1000;
  }

  /** `text` cut with an ellipsis to fit `width` (whole graphemes). */
  clip(raw: string, style: TextStyle, width: number): string {
    const text = oneLine(raw);
    if (this.width(text, style) <= width) return text;
    const parts = [...graphemes.segment(text)].map((s) => s.segment);
    let n = parts.length;
    while (n > 1 && this.width(`${parts.slice(0, n).join('')}…`, style) > width) n--;
    return `${parts.slice(0, n).join('').trimEnd()}…`;
  }

  /**
   * Lines of `text` wrapped to `width`, broken where words end (Intl.Segmenter: spaces, and the
   * dictionary's word ends in Thai, Chinese and Japanese); a word wider than a line is cut.
   */
  wrap(raw: string, style: TextStyle, width: number): string[] {
    const text = oneLine(raw).trim();
    const lines: string[] = [];
    // Words are measured one by one (kerning across a word's edge is not worth a line's layout).
    let line = '';
    let lineWidth = 0;
    for (const segment of wordsOf(text)) {
      const w = this.width(segment, style);
      const blank = segment.trim() === '';
      if (blank || lineWidth + w <= width) {
        line += segment;
        lineWidth += w;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = segment;
      lineWidth = w;
      if (w > width) {
        // One word wider than a line: its graphemes filled in, line by line.
        let part = '';
        for (const { segment: g } of graphemes.segment(line)) {
          if (part && this.width(part + g, style) > width) {
            lines.push(part);
            part = '';
          }
          part += g;
        }
        line = part;
        lineWidth = this.width(part, style);
      }
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  }

  private covers(face: FaceKey, grapheme: string): boolean {
    let known = this.coverage.get(face);
    if (!known) this.coverage.set(face, (known = new Map()));
    let has = known.get(grapheme);
    if (has === undefined) known.set(grapheme, (has = covers(this.faces.get(face)!.file, grapheme)));
    return has;
  }

  /** The text cut into runs of one font and one bidi level, in reading order. */
  private runs(text: string, style: TextStyle): Run[] {
    const faces = this.faces.get('latin')!;
    // Most text is Latin: one run of Noto Sans, no bidi, when the font has every letter.
    if (!RTL_ANY.test(text) && [...text].every((ch) => this.covers('latin', ch))) return text ? [{ text, font: style.bold ? faces.bold : faces.regular, level: 0 }] : [];
    const levels = RTL_ANY.test(text) ? bidi.getEmbeddingLevels(text, 'auto').levels : new Uint8Array(text.length);
    const chain = chainFor(text).filter((f) => this.faces.has(f));
    const runs: Run[] = [];
    let face: FaceKey | undefined;
    for (const { segment, index } of graphemes.segment(text)) {
      const keep = face !== undefined && NEUTRAL.test(segment) && this.covers(face, segment);
      if (!keep) {
        face = chain.find((f) => this.covers(f, segment)) ?? chain.find((f) => this.faces.get(f)!.file.hasGlyphForCodePoint(segment.codePointAt(0)!)) ?? 'latin';
      }
      const faceFonts = this.faces.get(face!)!;
      const font = style.bold ? faceFonts.bold : faceFonts.regular;
      const level = levels[index] ?? 0;
      const last = runs[runs.length - 1];
      if (last && last.font === font && last.level === level) last.text += segment;
      else runs.push({ text: segment, font, level });
    }
    return runs;
  }

  /** The runs in the order they are drawn, left to right (bidi rule L2 over runs). */
  private visual(text: string, style: TextStyle): Run[] {
    const runs = this.runs(text, style);
    const max = Math.max(0, ...runs.map((r) => r.level));
    const oddMin = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
    for (let level = max; level >= oddMin && level > 0; level--) {
      for (let i = 0; i < runs.length; ) {
        if (runs[i]!.level < level) {
          i++;
          continue;
        }
        let j = i;
        while (j < runs.length && runs[j]!.level >= level) j++;
        runs.splice(i, j - i, ...runs.slice(i, j).reverse());
        i = j;
      }
    }
    return runs.map((run) => {
      // fontkit lays a run out right to left when its first letter of a script is of a
      // right-to-left one (Arabic-Indic digits count as Arabic): where that differs from the
      // run's bidi level, the graphemes are reversed here so the two reversals agree.
      const rtl = run.level % 2 === 1;
      const first = SCRIPTED.exec(run.text)?.[0];
      if (rtl === (first !== undefined && RTL_LETTER.test(first))) return run;
      const parts = [...graphemes.segment(run.text)].map((s) => (rtl ? (bidi.getMirroredCharacter(s.segment) ?? s.segment) : s.segment));
      return { ...run, text: parts.reverse().join('') };
    });
  }
}
