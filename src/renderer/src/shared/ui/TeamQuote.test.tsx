// What a quote's panel says of the team database, the one rule every paid path's panel uses: away
// → the line, the question, "Buy anyway: …" and "Not now"; not connected → the line, where to
// connect, and no spend; answered → the panel as it was.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { asksBuyAnyway, TeamQuoteAsk, TeamQuoteLine, teamQuotePanel } from './TeamQuote';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe("a quote's word on the team database", () => {
  it('cannot be reached: said after the cost, asked once, bought only as "Buy anyway"', () => {
    const note = { teamUnreachable: true as const };
    expect(text(renderToStaticMarkup(<TeamQuoteLine note={note} />))).toBe('— the team database cannot be reached: a teammate may already have this');
    expect(text(renderToStaticMarkup(<TeamQuoteAsk note={note} count={2} thing="page" />))).toBe(
      'The team database cannot be reached, so Scout cannot ask whether a teammate already has these 2 pages, nor check your team’s monthly limit. Buy anyway buys them here and shares them with the team once it is back; Not now buys nothing.',
    );
    expect(teamQuotePanel(note, 'Fetch 2 pages and spend 2 discovery calls', 'Change')).toEqual({
      confirmLabel: 'Buy anyway: fetch 2 pages and spend 2 discovery calls',
      backLabel: 'Not now',
      focusBack: true,
      warning: true,
      refused: false,
    });
    expect(asksBuyAnyway(note)).toBe(true);
  });

  it('not connected: said after the cost, with where to connect, and no spend', () => {
    const note = { teamNotConnected: true as const };
    expect(text(renderToStaticMarkup(<TeamQuoteLine note={note} />))).toBe('— not connected to the team database: connect in Settings → Team database');
    expect(renderToStaticMarkup(<TeamQuoteAsk note={note} />)).toContain('role="alert"');
    expect(teamQuotePanel(note, 'Sync the list', 'Cancel')).toMatchObject({ confirmLabel: 'Sync the list', backLabel: 'Cancel', refused: true });
    expect(asksBuyAnyway(note)).toBe(false);
  });

  it('the team answered (or no team): nothing said, the panel as it was', () => {
    expect(renderToStaticMarkup(<TeamQuoteLine note={{}} />)).toBe('');
    expect(renderToStaticMarkup(<TeamQuoteAsk note={{}} />)).toBe('');
    expect(teamQuotePanel({}, 'Create; it may cost credits', 'Change')).toEqual({ confirmLabel: 'Create; it may cost credits', backLabel: 'Change', warning: false, refused: false });
    expect(asksBuyAnyway(null)).toBe(false);
  });
});
