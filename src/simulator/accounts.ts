// The API accounts the simulator knows. Each answers auth the way the real API would for an
// account in that condition (section 5 of the spec).
export interface SimAccount {
  accountId: string;
  token: string;
  /** undefined: valid; otherwise the error the API answers every call with. */
  refusal?: { status: number; code: number; description: string };
}

export const simAccounts: readonly SimAccount[] = [
  { accountId: 'demo', token: 'demo-token' },
  { accountId: 'noapi', token: 'noapi-token', refusal: { status: 402, code: 27, description: 'No API access' } },
  {
    accountId: 'suspended',
    token: 'suspended-token',
    refusal: { status: 403, code: 34, description: 'Account is suspended' },
  },
];

export const invalidToken = { status: 403, code: 4, description: 'Invalid token' } as const;

/** Looks up the account for a pair of auth headers; anything unknown is an invalid token. */
export function authenticate(
  accountId: string | undefined,
  token: string | undefined,
): { account: SimAccount } | { refusal: NonNullable<SimAccount['refusal']> } {
  const account = simAccounts.find((a) => a.accountId === accountId && a.token === token);
  if (!account) return { refusal: invalidToken };
  return account.refusal ? { refusal: account.refusal } : { account };
}
