// The agency a workspace's deliverables are branded with (Settings → Your agency): its name, an
// accent colour and an optional logo. Every file a client receives (comparison PDF, client report,
// sheets) reads this one shape; main stores it in the workspace and checks it at the boundary.
import { z } from 'zod';

export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/i;
export const DEFAULT_ACCENT = '#2f5fd0';

/** What a deliverable needs to brand itself; the logo travels separately (its bytes are large). */
export interface AgencyBrand {
  /** The agency's name as the researcher typed it; empty when none was given. */
  name: string;
  /** `#rrggbb`. */
  accent: string;
}

export const agencyBrandSchema = z.object({
  name: z.string().trim().max(120, 'An agency name has at most 120 characters.'),
  accent: z.string().regex(ACCENT_PATTERN, 'The accent colour is a colour like #2f5fd0.'),
});

export const NO_AGENCY: AgencyBrand = { name: '', accent: DEFAULT_ACCENT };
