// Settings → Team database's sharing, rendered: all shared, what waits (and why), the team's
// records that could not be read (listed in words: what, who, why; never a number or key), the
// last time the team's records came, and "Receive the team's cache" with its progress.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TeamSyncView } from '@shared/teamSync';
import { TeamSyncPanel } from './TeamSyncPanel';
import { joinOutcome } from './teamSyncModel';

type View = Extract<TeamSyncView, { team: true }>;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const base: View = { team: true, pending: 0, refused: 0, skippedCount: 0, skipped: [], lastPulledAt: NOW - 5 * 60_000, reachable: true, join: null };

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const render = (over: Partial<View>, props: { starting?: boolean; shown?: boolean } = {}) =>
  renderToStaticMarkup(
    <TeamSyncPanel view={{ ...base, ...over }} starting={props.starting ?? false} outcome={null} onReceive={() => undefined} onCancel={() => undefined} now={NOW} initiallyShown={props.shown ?? false} />,
  );

describe('the sharing with the team, in Settings', () => {
  it('all shared: says so, with when the team’s records last came, and offers to receive the cache', () => {
    const html = render({});
    expect(text(html)).toContain('All shared. Last received from the team 5 min ago.');
    expect(html).toContain('callout team-sync ok');
    expect(text(html)).toContain('Receive the team’s cache');
    expect(html).not.toContain('<progress');
  });

  it('records waiting while the team database cannot be reached: counted, and why', () => {
    const html = render({ pending: 3, reachable: false, lastPulledAt: null });
    expect(text(html)).toContain('3 records waiting to be shared (the team database cannot be reached).');
    expect(text(html)).toContain('Nothing received from the team yet.');
    expect(html).toContain('callout team-sync warning');
    // Reachable: waiting, without blaming the database.
    expect(text(render({ pending: 1 }))).toContain('1 record waiting to be shared.');
    expect(text(render({ pending: 1_240, refused: 2 }))).toContain('1,240 records waiting to be shared; 2 records the team database refused: kept on this laptop only.');
  });

  it('records that could not be read: counted, and listed in words on Show, with no number or key', () => {
    const skipped = [
      { kind: 'report', researcher: 'Anna Berg', reason: 'Its content is not readable JSON.', skippedAt: NOW - 1_000 },
      { kind: 'hologram', researcher: null, reason: 'This version of Scout does not know records of this kind; a newer one may.', skippedAt: NOW - 2_000 },
    ];
    const closed = render({ skippedCount: 2, skipped });
    expect(text(closed)).toContain('2 of the team’s records could not be read. Show');
    expect(closed).toContain('aria-expanded="false"');
    expect(text(closed)).not.toContain('Anna Berg');

    const open = text(render({ skippedCount: 2, skipped }, { shown: true }));
    expect(open).toContain('Hide');
    expect(open).toContain('A report shared by Anna Berg: Its content is not readable JSON.');
    expect(open).toContain('A record of a kind this Scout does not know shared by a teammate: This version of Scout');
    expect(open).not.toContain('hologram');
  });

  it('receiving the team’s cache: its progress, in words and as a bar, and a way to stop it', () => {
    const html = render({ join: { received: 1_240, total: 10_000 } });
    expect(text(html)).toContain('Received 1,240 of 10,000');
    expect(html).toMatch(/<progress[^>]*max="10000"[^>]*value="1240"/);
    expect(html).toContain('aria-valuetext="Received 1,240 of 10,000"');
    expect(text(html)).toContain('Cancel');
    expect(text(html)).not.toContain('Receive the team’s cache');
    // Asked, not counted yet: said so, the bar not pretending a value.
    const counting = render({}, { starting: true });
    expect(text(counting)).toContain('Counting the team’s records…');
    expect(counting).not.toMatch(/<progress[^>]*value=/);
  });

  it('once ended: how much came, or how far it got before it was stopped', () => {
    expect(joinOutcome({ received: 10_000, total: 10_000, cancelled: false })).toBe('Received 10,000 records from the team.');
    expect(joinOutcome({ received: 0, total: 0, cancelled: false })).toBe('This laptop already had everything the team has shared.');
    expect(joinOutcome({ received: 1_240, total: 10_000, cancelled: true })).toBe('Stopped after 1,240 of 10,000; the rest comes with the next sync.');
  });
});
