// Agency: the agency's name, accent colour and logo, which deliverables carry.
import type { AgencyView } from '@shared/agency';
import { agencyBrandSchema, agencyLogoSchema } from '@shared/agencySchema';
import { noInput, op, type OperationsOf } from './common';
import type { AgencyChannel } from './agency.channels';

export const agencyOperations = {
  /** Settings → Your agency: the name, accent colour and logo deliverables carry. */
  'agency:get': op<AgencyView>()(noInput),
  /** Saves the name and accent colour (the logo stays). */
  'agency:set': op<AgencyView>()(agencyBrandSchema.strict()),
  /** Replaces the logo once every byte is checked (PNG signature, or an SVG without scripts); a refused logo leaves the kept one. */
  'agency:setLogo': op<AgencyView>()(agencyLogoSchema),
  'agency:removeLogo': op<AgencyView>()(noInput),
} satisfies OperationsOf<AgencyChannel>;
