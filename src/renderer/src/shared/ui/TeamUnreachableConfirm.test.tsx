// The one "Buy anyway" of a Team workspace, rendered: main's words, the two choices in a
// researcher's words, focus on "Not now" (a second Enter never buys), and what decides it is asked.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isTeamUnreachable, teamConfirmed, TeamUnreachableConfirm } from './TeamUnreachableConfirm';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('buy anyway, while the team database cannot be reached', () => {
  it('says why, offers Buy anyway and Not now, focus on Not now', () => {
    const html = renderToStaticMarkup(
      <TeamUnreachableConfirm message="The team database cannot be reached, so Scout cannot ask whether a teammate has it." onConfirm={() => undefined} onBack={() => undefined}>
        <p>Buy anyway fetches these 2 accounts here.</p>
      </TeamUnreachableConfirm>,
    );
    expect(text(html)).toBe('The team database cannot be reached, so Scout cannot ask whether a teammate has it. Buy anyway fetches these 2 accounts here. Buy anyway Not now');
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-label="The team database cannot be reached"');
    // Focus on Not now (React's autoFocus, rendered as the autofocus attribute).
    expect(html).toMatch(/<button type="button" class="primary">Buy anyway<\/button><button type="button" autofocus="">Not now<\/button>/);
  });

  it('only TEAM_UNREACHABLE is asked about; the request carries the choice only when made', () => {
    expect(isTeamUnreachable(Object.assign(new Error('x'), { code: 'TEAM_UNREACHABLE' }))).toBe(true);
    expect(isTeamUnreachable(Object.assign(new Error('x'), { code: 'OFFLINE' }))).toBe(false);
    expect(isTeamUnreachable({ code: 'TEAM_UNREACHABLE' })).toBe(false);
    expect(teamConfirmed(true)).toEqual({ teamUnreachableConfirmed: true });
    expect(teamConfirmed(false)).toEqual({});
  });
});
