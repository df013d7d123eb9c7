// The window's title names the page, and on a report the account and its network:
// "natgeo · Instagram — Scout Workbench".
import type { Network } from '@shared/reports';
import { pages, type PageId } from '../pages';
import { readReportAddress } from '../features/accounts/reportAddress';
import { networkLabels } from '@shared/format';

export const APP_NAME = 'Scout Workbench';

export function windowTitle(page: PageId, subpath: readonly string[]): string {
  const label = pages.find((p) => p.id === page)?.label ?? APP_NAME;
  if (page === 'accounts' && subpath.length >= 2) {
    const address = readReportAddress(subpath);
    if (!address.ok) return `Unreadable address · Accounts — ${APP_NAME}`;
    const { account } = address;
    const name = account.byUserId || account.network === 'youtube' ? account.apiName : account.key;
    return `${name} · ${networkLabels[account.network as Network]} — ${APP_NAME}`;
  }
  return `${label} — ${APP_NAME}`;
}
