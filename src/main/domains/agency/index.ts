// Settings → Your agency: the brand every deliverable carries.
import { AgencyService } from './agencyService';
import type { AgencyChannel } from '@shared/contract/agency.channels';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    agency: AgencyService;
  }
}

export const agencyDomain = defineDomain<AgencyChannel>({
  name: 'agency',
  register: (ctx) => ({ services: { agency: new AgencyService(ctx.db) } }),
  handlers: (h) => ({
    'agency:get': async () => h.active().agency.get(),
    'agency:set': async (brand) => h.active().agency.setBrand(brand),
    'agency:setLogo': async (logo) => h.active().agency.setLogo(logo),
    'agency:removeLogo': async () => h.active().agency.removeLogo(),
  }),
});
