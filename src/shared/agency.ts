// The agency a workspace's deliverables are branded with (Settings → Your agency): its name, an
// accent colour and an optional logo. Every file a client receives (comparison PDF, client report,
// sheets) reads this one shape; main stores it in the workspace and checks it at the boundary
// (agencySchema.ts).

export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/i;
export const DEFAULT_ACCENT = '#2f5fd0';

/** What a deliverable needs to brand itself; the logo travels separately (its bytes are large). */
export interface AgencyBrand {
  /** The agency's name as the researcher typed it; empty when none was given. */
  name: string;
  /** `#rrggbb`. */
  accent: string;
}

export const NO_AGENCY: AgencyBrand = { name: '', accent: DEFAULT_ACCENT };

/** The largest logo Scout keeps (a logo is a few kilobytes; a photograph is not a logo). */
export const MAX_LOGO_BYTES = 512 * 1024;
/** The largest PNG rendition of an SVG logo (drawn by the page, for the client report). */
export const MAX_LOGO_RENDITION_BYTES = 2 * 1024 * 1024;

export const logoTypes = ['png', 'svg'] as const;
export type LogoType = (typeof logoTypes)[number];

/** The agency as Settings shows it: the brand and the logo (as a data URL, to show and to print). */
export interface AgencyView extends AgencyBrand {
  logo: { type: LogoType; dataUrl: string; bytes: number } | null;
  /** When the agency was last saved; null when it never was. */
  updatedAt: number | null;
}

export const NO_AGENCY_VIEW: AgencyView = { ...NO_AGENCY, logo: null, updatedAt: null };
