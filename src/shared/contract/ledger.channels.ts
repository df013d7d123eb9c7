// Ledger: the credit ledger: this laptop's spending and the team's. The names of its operations (it
// has no events), as plain data with no imports: the sandboxed preload bundles them (see
// ../channels.ts).

export const ledgerChannels = [
  'ledger:spending',
  'team:spending',
] as const;

export type LedgerChannel = (typeof ledgerChannels)[number];
