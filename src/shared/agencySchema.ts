// The agency as the page sends it, checked where it crosses into main. Apart from agency.ts, which
// every deliverable (and the first page, through the sheets' rules) reads: zod loads with Settings
// and in main, not with the first page.
import { z } from 'zod';
import { ACCENT_PATTERN, MAX_LOGO_BYTES, MAX_LOGO_RENDITION_BYTES } from './agency';
import { lineCharacterProblem } from './fileText';

export const agencyBrandSchema = z.object({
  name: z
    .string()
    .trim()
    .max(120, 'An agency name has at most 120 characters.')
    // It goes into every sheet, CSV and PDF a client receives: a control character or U+FFFE would break them.
    .superRefine((name, ctx) => {
      const found = lineCharacterProblem(name);
      if (found) ctx.addIssue({ code: 'custom', message: `The agency name holds a character a client's file cannot hold (${found}); type the name rather than pasting it.` });
    }),
  accent: z.string().regex(ACCENT_PATTERN, 'The accent colour is a colour like #2f5fd0.'),
});

const base64 = (max: number, what: string) =>
  z
    .string()
    .min(1, `The ${what} is empty.`)
    .max(Math.ceil(max / 3) * 4 + 4, `The ${what} is larger than ${Math.round(max / 1024)} KB.`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, `The ${what}’s bytes are not base64.`);

/**
 * A logo as the page sends it: PNG or SVG bytes, and for an SVG a PNG the page drew from it (a
 * PDF cannot hold an SVG). Main checks every byte again: this schema only bounds the sizes.
 */
export const agencyLogoSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('png'), base64: base64(MAX_LOGO_BYTES, 'logo') }).strict(),
  z.object({ type: z.literal('svg'), base64: base64(MAX_LOGO_BYTES, 'logo'), rendition: base64(MAX_LOGO_RENDITION_BYTES, 'logo’s picture') }).strict(),
]);
export type AgencyLogoInput = z.infer<typeof agencyLogoSchema>;
