// A report's address, `#/accounts/<network>/<account>`, read by the same parse main uses at its
// boundary: '#/accounts/twitch/@NASA' is the page of the account 'nasa', and an address that
// names no account is said to be unreadable rather than shown as some other account's page.
import { parseAccountRef, type AccountRef } from '@shared/accountInput';
import { networks, type Network } from '@shared/reports';

export type ReportAddress = { ok: true; account: AccountRef } | { ok: false; message: string };

/** The parts of the address after the page (pages.ts subpathFromHash), network first. */
export function readReportAddress(subpath: readonly string[]): ReportAddress {
  const [network, ...rest] = subpath;
  if (!networks.includes(network as Network)) {
    return { ok: false, message: `"${network ?? ''}" is not one of the six networks Scout reads (${networks.join(', ')}).` };
  }
  // A name never has a slash; whatever follows one is part of what is read, and refused with it.
  const read = parseAccountRef(rest.join('/'), network as Network);
  return read.ok ? { ok: true, account: read.value } : { ok: false, message: read.reason };
}
