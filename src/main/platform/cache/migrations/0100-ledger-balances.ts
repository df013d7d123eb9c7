import type { Migration } from '../migrate';

// What a paid call's cost is settled from: every balance the plan showed just before it (the API
// may draw a TikTok advanced report from report credits or from advanced-report credits), the
// most the call can cost, and how much the balance moved beyond that during the call: spending
// outside Scout (another Scout, the web app), flagged on the spending view, never booked here.
export const migration0100: Migration = {
  version: 100,
  name: 'ledger-balances',
  up(db) {
    db.exec(`
      ALTER TABLE credit_ledger ADD COLUMN balances_before TEXT;
      ALTER TABLE credit_ledger ADD COLUMN max_cost INTEGER;
      ALTER TABLE credit_ledger ADD COLUMN outside INTEGER NOT NULL DEFAULT 0;
    `);
  },
};
