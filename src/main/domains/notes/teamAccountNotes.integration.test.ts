// Notes and tags on an account in two Team workspaces wired as in the app (main services through
// the handlers the renderer calls), on one real PostgreSQL: what Anna writes Bob reads, and tags
// the two add at once are all kept (one shared field per tag).
import { expect, it } from 'vitest';
import type { AccountNotesView } from '@shared/accountNotes';
import type { StatusStepsView } from '@shared/workflow';
import type { LibraryPageView } from '@shared/contract';
import { connect, describeTeam, waitUntil, type Laptop } from '../../../../test/teamHarness';

describeTeam('notes and tags on an account, shared by two Team workspaces', { researchers: ['Anna Berg', 'Bob Lund'], simulator: { generationMs: 30 } }, (t) => {
  const nasa = { network: 'instagram', account: 'notedaccount' };
  const notesOn = (l: Laptop) => l.call<AccountNotesView>('notes:get', nasa);

  it('Anna tags an account and writes a note: Bob reads both, his screens told; tags both add at once are all kept', async () => {
    const a = await t.laptop('Anna Berg');
    const b = await t.laptop('Bob Lund');
    await a.call('reports:fetch', { ...nasa, confirmedCost: 1, workspace: 'team' });

    await a.call('notes:set', { ...nasa, note: 'Asked for the media kit on Monday.', tags: ['Space'] });
    // Both listen (NOTIFY) once connected: what arrives comes by the announcement, not the 30 s poll.
    await waitUntil('both laptops listening', () => [a, b].every((l) => (l.services.workspaces.get('team').sharedWork as unknown as { listener: unknown }).listener !== null), 5_000);
    // Each field is a change of its own: both are there once the last has arrived.
    await waitUntil("Anna's note and tag on Bob's laptop", async () => { const n = await notesOn(b); return n.note !== '' && n.tags.includes('Space'); }, 5_000);
    expect(await notesOn(b)).toMatchObject({ note: 'Asked for the media kit on Monday.', tags: ['Space'] });
    expect(b.events.some((e) => e.name === 'team:received' && (e.payload as { kinds: string[] }).kinds.includes('account_notes'))).toBe(true);
    // Bob's library shows her tag on the account once the report is there too, and filters by it.
    await waitUntil("Anna's report and tag in Bob's library", async () => (await b.call<LibraryPageView>('reports:library', { tag: 'space' })).items.some((i) => i.accountKey === 'notedaccount'), 5_000);
    expect(await b.call('notes:tags')).toEqual(['Space']);

    // Both add a tag to what they each have, at once (neither has seen the other's).
    await Promise.all([
      a.call('notes:set', { ...nasa, note: 'Asked for the media kit on Monday.', tags: ['Space', 'US market'] }),
      b.call('notes:set', { ...nasa, note: 'Asked for the media kit on Monday.', tags: ['Space', 'Science'] }),
    ]);
    const both = (n: AccountNotesView) => ['Science', 'Space', 'US market'].every((t) => n.tags.includes(t));
    await waitUntil('both tags on both laptops', async () => both(await notesOn(a)) && both(await notesOn(b)), 5_000);
    expect((await notesOn(a)).tags.slice().sort()).toEqual(['Science', 'Space', 'US market']);
    expect((await notesOn(b)).tags.slice().sort()).toEqual(['Science', 'Space', 'US market']);
    expect((await notesOn(b)).note).toBe('Asked for the media kit on Monday.');

    // Bob moves it on in the pipeline: Anna's laptop has its status, her note and tags untouched.
    await b.call('notes:set', { ...nasa, note: 'Asked for the media kit on Monday.', tags: ['Science', 'Space', 'US market'], status: 'contacted' });
    await waitUntil("Bob's status on Anna's laptop", async () => (await notesOn(a)).status === 'contacted', 5_000);
    expect(await notesOn(a)).toMatchObject({ note: 'Asked for the media kit on Monday.', status: 'contacted' });
    expect((await a.call<LibraryPageView>('reports:library', { status: 'contacted' })).items.map((i) => i.accountKey)).toEqual(['notedaccount']);
  });

  it('the status steps are the team’s: a laptop joining takes them, a rename or a new step reaches the other, a removed one clears its statuses there too', async () => {
    const a = await t.laptop('Anna Berg');
    const steps = async (l: Laptop) => (await l.call<StatusStepsView>('workflow:steps', {})).steps.map((s) => s.label);
    // Anna names the team's steps; then Bob joins on a new laptop, at the usual steps.
    await a.call('workflow:setSteps', { steps: [{ id: 'considering', label: 'Long list' }, { id: 'shortlisted', label: 'Short list' }, { id: 'contacted', label: 'Contacted' }, { id: 'signed', label: 'Signed' }] });
    const b = await t.laptop();
    expect(await steps(b)).toEqual(['Considering', 'Shortlisted', 'Contacted', 'Approved']);
    expect((await connect(b, t.researchers['Bob Lund'])).status.state).toBe('connected');
    await waitUntil("Anna's steps on Bob's new laptop", async () => (await steps(b)).join() === 'Long list,Short list,Contacted,Signed', 10_000);
    // His usual steps were not offered to the team: Anna's stay hers.
    await new Promise((r) => setTimeout(r, 500));
    expect(await steps(a)).toEqual(['Long list', 'Short list', 'Contacted', 'Signed']);
    expect(b.events.some((e) => e.name === 'team:received' && (e.payload as { kinds: string[] }).kinds.includes('status_steps'))).toBe(true);

    // Bob puts an account at "Signed", then renames a step: Anna's laptop reads both.
    await b.call('notes:set', { ...nasa, note: '', tags: [], status: 'signed' });
    await b.call('workflow:setSteps', { steps: [{ id: 'considering', label: 'Long list' }, { id: 'shortlisted', label: 'Short list' }, { id: 'contacted', label: 'In talks' }, { id: 'signed', label: 'Signed' }] });
    await waitUntil("Bob's rename on Anna's laptop", async () => (await steps(a)).includes('In talks'), 10_000);
    await waitUntil("Bob's status on Anna's laptop", async () => (await notesOn(a)).status === 'signed', 10_000);
    // Anna removes "Signed": the account's status is cleared on both laptops.
    await a.call('workflow:setSteps', { steps: [{ id: 'considering', label: 'Long list' }, { id: 'shortlisted', label: 'Short list' }, { id: 'contacted', label: 'In talks' }] });
    await waitUntil('the removed step gone on Bob’s laptop', async () => !(await steps(b)).includes('Signed'), 10_000);
    await waitUntil('the status cleared on Bob’s laptop', async () => (await notesOn(b)).status === null, 10_000);
    expect((await notesOn(a)).status).toBeNull();
  });
});
