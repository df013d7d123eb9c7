// The few parts of fontkit 2 and bidi-js that pdfText.ts uses (neither package ships types).
declare module 'fontkit' {
  export interface FontkitGlyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }
  export interface FontkitSubset {
    includeGlyph(glyph: number | FontkitGlyph): number;
    encode(): Uint8Array;
  }
  export interface FontkitFont {
    postscriptName: string;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    createSubset(): FontkitSubset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}

declare module 'bidi-js' {
  export interface EmbeddingLevels {
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  }
  export interface Bidi {
    getEmbeddingLevels(text: string, direction?: 'ltr' | 'rtl' | 'auto'): EmbeddingLevels;
    getMirroredCharacter(char: string): string | null;
  }
  export default function bidiFactory(): Bidi;
}
