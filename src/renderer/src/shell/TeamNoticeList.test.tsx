// The notices of overtaken edits, rendered: the message in words, "Restore it" only where a value
// can be made current again, "Dismiss" always; nothing at all when there is none.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TeamNoticeList } from './TeamNoticeList';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const render = (props: Partial<Parameters<typeof TeamNoticeList>[0]>) =>
  renderToStaticMarkup(<TeamNoticeList notices={[]} busy={null} problem={null} onRestore={() => undefined} onDismiss={() => undefined} {...props} />);

describe('notices of edits a teammate overtook', () => {
  const renamed = { id: 'c1', message: 'Anna Berg changed the name of the saved query “Streamers” while you were editing; yours is kept in its history — restore it?', canRestore: true };
  const deleted = { id: 'c2', message: 'Anna Berg changed the comparison “Q3” while you were deleting it, so it was kept; delete it again if you still mean to.', canRestore: false };

  it('none: nothing shown', () => {
    expect(render({})).toBe('');
  });

  it('each says what happened, with Restore it where it can be restored, and Dismiss', () => {
    const html = render({ notices: [renamed, deleted] });
    expect(text(html)).toBe(`${renamed.message} Restore it Dismiss ${deleted.message} Dismiss`);
    expect(html).toContain('aria-label="Changes by your teammates"');
    // Ids name the notices for the buttons only; never shown.
    expect(text(html)).not.toMatch(/c1|c2/);
  });

  it('while one is being restored the buttons wait; a failure is said', () => {
    const html = render({ notices: [renamed], busy: 'c1', problem: 'The team database cannot be reached.' });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-busy="true"[^>]*>Restore it/);
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('The team database cannot be reached.');
  });
});
