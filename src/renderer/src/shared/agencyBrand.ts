// The brand a file is made with, asked of main when the file is made (Settings → Your agency may
// have changed since the page opened), so every sheet carries the agency as it is now.
import type { AgencyBrand } from '@shared/agency';
import { scout } from './scoutClient';

export async function currentBrand(): Promise<AgencyBrand> {
  const { name, accent } = await scout.invoke('agency:get', {});
  return { name, accent };
}
