// Accounts: the library of accounts, or one account's report when the address names one
// (#/accounts/<network>/<account>).
import { lazy, useEffect, useRef } from 'react';
import { useScout } from '../../store';
import { readReportAddress } from './reportAddress';
import { UnreadableAddress } from './UnreadableAddress';
import { Library } from './Library';
import { libraryQueryName } from './accountsSlice';
import { keptQuery } from '../../data/useScoutQuery';

/**
 * The report page's code (its sections, its charts' options, the tabs) is loaded when a
 * report is first opened, or with the other pages' code once the browser is idle: the library
 * is drawn without parsing it. The page's Suspense boundary (App.tsx) says "Opening…" meanwhile.
 */
export const reportViewCode = () => import('./ReportView');
const ReportView = lazy(() => reportViewCode().then((m) => ({ default: m.ReportView })));

export function AccountsPage() {
  const subpath = useScout((s) => s.subpath);
  const previous = useRef(subpath);

  // Back from a report to the library: the keyboard lands on the row of the report left.
  useEffect(() => {
    const from = previous.current;
    previous.current = subpath;
    const left = from.length >= 2 && subpath.length === 0 ? readReportAddress(from) : null;
    if (!left?.ok) return;
    const testId = `library-row-${left.account.network}-${left.account.key}`;
    const focusRow = () => {
      const row = [...document.querySelectorAll<HTMLElement>('[data-testid^="library-row-"]')].find((r) => r.dataset.testid === testId);
      row?.focus();
      return row !== undefined;
    };
    if (focusRow()) return;
    // Not on the page yet: maybe once the library has answered.
    const library = keptQuery(libraryQueryName);
    const before = library.getState().data;
    const off = library.subscribe(() => {
      if (library.getState().data === before) return;
      off();
      focusRow();
    });
    return off;
  }, [subpath]);

  if (subpath.length >= 2) {
    const address = readReportAddress(subpath);
    return address.ok ? <ReportView account={address.account} /> : <UnreadableAddress message={address.message} />;
  }
  return <Library />;
}
