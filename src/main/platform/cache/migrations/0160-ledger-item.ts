import type { Migration } from '../migrate';

// What part of a paid thing a ledger row paid for, where the account column alone does not say:
// a discovery page ("page 3" of the query the account column names). A page whose answer was
// lost after it was paid is then said by its number in the next quote.
export const migration0160: Migration = {
  version: 160,
  name: 'ledger-item',
  up(db) {
    db.exec(`
      ALTER TABLE credit_ledger ADD COLUMN item TEXT;
      CREATE INDEX credit_ledger_by_operation ON credit_ledger (operation, account_key, created_at);
    `);
  },
};
