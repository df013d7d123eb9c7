// The conflict rule on its own (`fold`): what a shared thing is, given its changes in the
// server's order, and which edits were overtaken. The two-laptop tests
// (sharedWork.integration.test.ts) hold the same rule end to end against PostgreSQL.
import { describe, expect, it } from 'vitest';
import { canonical, currentFields, DOC_FIELD, fold, type SharedChange } from './sharedFold';

const ANNA = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';
let n = 0;
const change = (origin: string, seq: number | null, field: string, value: unknown, base: number): SharedChange => ({
  changeId: `c${++n}`,
  seq,
  origin,
  docKind: 'comparison',
  docId: 'd',
  field,
  value,
  baseVersion: base,
  author: origin === ANNA ? 'anna' : 'bob',
  authorName: origin === ANNA ? 'Anna' : 'Bob',
  changedAt: 0,
});

describe('fold: the conflict rule', () => {
  it('last writer in the server’s order wins per field; the one it overtook without seeing is flagged', () => {
    const created = change(ANNA, 1, 'name', 'Q3', 0);
    const bob = change(BOB, 2, 'name', 'Q3 (Bob)', 1);
    const anna = change(ANNA, 3, 'name', 'Q3 (Anna)', 1);
    // Given out of order: the seq decides, not the order rows arrive in.
    const state = fold([anna, created, bob]);
    expect(currentFields(state)).toEqual({ name: 'Q3 (Anna)' });
    expect(state.version).toBe(3);
    expect(state.conflicts).toEqual([{ kind: 'overtaken', overtaken: bob, by: anna }]);
  });

  it('an edit that had seen the one before it, the same laptop’s later edit, or an equal value: no conflict', () => {
    const a1 = change(ANNA, 1, 'name', 'One', 0);
    const b2 = change(BOB, 2, 'name', 'Two', 1);
    const a3 = change(ANNA, 3, 'name', 'Three', 2);
    const a4 = change(ANNA, 4, 'name', 'Four', 2);
    const b5 = change(BOB, 5, 'name', 'Four', 3);
    const state = fold([a1, b2, a3, a4, b5]);
    expect(currentFields(state)).toEqual({ name: 'Four' });
    expect(state.conflicts).toEqual([]);
  });

  it('edits of different fields of one thing both survive', () => {
    const state = fold([change(ANNA, 1, 'name', 'Q3', 0), change(ANNA, 2, 'note:instagram:nasa', 'Old', 1), change(BOB, 3, 'name', 'Q3 space', 2), change(ANNA, 4, 'note:instagram:nasa', 'Artemis', 2)]);
    expect(currentFields(state)).toEqual({ name: 'Q3 space', 'note:instagram:nasa': 'Artemis' });
    expect(state.conflicts).toEqual([]);
  });

  it('a removed field is absent; this laptop’s pending changes come after the server’s', () => {
    const pending = change(ANNA, null, 'note:instagram:nasa', null, 2);
    const state = fold([pending, change(ANNA, 1, 'name', 'Q3', 0), change(BOB, 2, 'note:instagram:nasa', 'Hi', 1)]);
    expect(currentFields(state)).toEqual({ name: 'Q3' });
    expect(state.version).toBe(2);
  });

  it('a deletion that had not seen an edit is kept in history but deletes nothing', () => {
    const edit = change(BOB, 2, 'name', 'Renamed', 1);
    const deletion = change(ANNA, 3, DOC_FIELD, null, 1);
    const state = fold([change(ANNA, 1, 'name', 'Q3', 0), edit, deletion]);
    expect(state.deleted).toBeNull();
    expect(currentFields(state)).toEqual({ name: 'Renamed' });
    expect(state.conflicts).toEqual([{ kind: 'kept', overtaken: deletion, by: edit }]);
  });

  it('an edit that had not seen a deletion brings the thing back; one that had seen every edit deletes', () => {
    const deletion = change(ANNA, 2, DOC_FIELD, null, 1);
    const edit = change(BOB, 3, 'name', 'Still wanted', 1);
    const revived = fold([change(ANNA, 1, 'name', 'Q3', 0), deletion, edit]);
    expect(revived.deleted).toBeNull();
    expect(currentFields(revived)).toEqual({ name: 'Still wanted' });
    expect(revived.conflicts).toEqual([{ kind: 'revived', overtaken: deletion, by: edit }]);
    const final = change(ANNA, 4, DOC_FIELD, null, 3);
    const gone = fold([change(ANNA, 1, 'name', 'Q3', 0), deletion, edit, final]);
    expect(gone.deleted).toBe(final);
    expect(gone.conflicts).toHaveLength(1);
  });

  it('compares values by content, whatever the order of their keys', () => {
    expect(canonical({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonical({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(canonical([1, 2])).not.toBe(canonical([2, 1]));
  });
});
