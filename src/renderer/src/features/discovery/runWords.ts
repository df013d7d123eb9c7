// The words of a discovery run: its cost before anything is spent, and what it did. Pure, so
// each sentence has its unit test.
import type { DiscoveryQuote, DiscoveryRunResult } from '@shared/discoveryData';
import { formatCount, formatDate, formatDateTime, plural } from '@shared/format';

const range = (from: number, to: number) => (from === to ? `Page ${from}` : `Pages ${from}–${to}`);
export const calls = (n: number) => plural(n, 'discovery call');

/** The quote in words: what is cached, what is fetched, what it spends and what is left. */
export function quoteText(q: DiscoveryQuote): string {
  const cached = q.cachedPages.length;
  const toFetch = q.pagesToFetch.length;
  const parts: string[] = [];
  if (cached > 0) parts.push(cached === q.toPage - q.fromPage + 1 ? (cached === 1 ? 'already cached' : `all ${cached} pages already cached`) : `${cached} already cached`);
  if (toFetch > 0) parts.push(`${toFetch} to fetch`);
  const head = `${q.sandbox ? 'Sandbox ' + range(q.fromPage, q.toPage).toLowerCase() : range(q.fromPage, q.toPage)}: ${parts.join(', ')}`;
  if (q.sandbox) return `${head}; free (sample data, filters not applied).`;
  if (q.calls === 0) return `${head}; spends nothing.`;
  return `${head}, spend ${calls(q.calls)}; ${callsLeftText(q)}.${paidNotHereText(q)}`;
}

/** The calls left: now, or offline as the credit meter last saw them (with when); unknown when never read. */
function callsLeftText(q: DiscoveryQuote): string {
  if (q.queriesLeft === null) return 'the calls left are not known';
  return q.queriesLeftAsOf ? `${formatCount(q.queriesLeft)} left when last checked (${formatDateTime(q.queriesLeftAsOf)})` : `${formatCount(q.queriesLeft)} left`;
}

/** Pages paid for before whose answer is not here: said before they are paid for again. */
function paidNotHereText(q: DiscoveryQuote): string {
  const lost = q.paidNotHere ?? [];
  if (lost.length === 0) return '';
  const pages = lost.map((p) => `page ${p.page} on ${formatDate(p.paidAt)}`).join(', ');
  return ` Already paid for, but their answers were lost on the way (or are not in a restored backup): ${pages}. Fetching ${lost.length === 1 ? 'it' : 'them'} again spends ${calls(lost.length)} more.`;
}

export function runLine(run: { quote: DiscoveryQuote; result: DiscoveryRunResult | null; error: string | null }): string {
  if (run.error) return run.error;
  const r = run.result;
  if (!r) return '';
  const what = `${plural(r.pagesFetched, 'page')} fetched, ${formatCount(r.pagesFromCache)} from the cache`;
  const spent = run.quote.sandbox ? 'free (sandbox)' : r.callsSpent === 0 ? 'nothing spent' : `spent ${calls(r.callsSpent)}`;
  const left = !run.quote.sandbox && r.queriesLeft !== null ? `; ${formatCount(r.queriesLeft)} left` : '';
  const last = r.totalPages !== null && run.quote.toPage > r.totalPages ? ` The search has ${plural(r.totalPages, 'page')}; none after it was asked for.` : '';
  const head = r.outcome === 'finished' ? 'Finished' : r.outcome === 'cancelled' ? 'Cancelled' : 'Stopped';
  return `${head}: ${what}; ${spent}${left}.${last}${r.message ? ` ${r.message}` : ''}`;
}
