// A paid operation, defined once, beside the domain that buys it (domains/<d>/operations.ts):
// the name the ledger books it under (and the team's record kind), what it is in words, the
// balance it draws from, and whether its cost is quoted before or only observed afterwards.
// Everything the kernel, the team gate and the ledger need of an operation is read from its
// definition; the composition root hands the kernel every domain's definitions
// (`DomainModule.paidOperations`), so no list of operation names is kept by hand anywhere.
import type { BalanceKind } from '@shared/balances';

/** What a team record's kind may be (the team database's CHECK says the same, 0010-team.ts). */
const NAME = /^[a-z][a-z0-9_]{0,39}$/;

export interface PaidOperation<Name extends string = string> {
  /** The ledger's name for it, and the kind of the team record that shares what it bought. */
  readonly name: Name;
  /** In words, singular: "report", "page of a saved list". */
  readonly what: string;
  /** The balance it draws from (a call may name others it can draw from too). */
  readonly balance: BalanceKind;
  /**
   * `quoted`: the reference says what it costs, and the researcher confirms that cost first.
   * `observed`: the reference leaves its cost open; it is expected free, goes through the balance
   * gate all the same, and a balance that moved is booked (from whichever balance moved).
   */
  readonly cost: 'quoted' | 'observed';
}

/** Declares a paid operation; its name must be one the team database can keep as a record kind. */
export function definePaidOperation<const Name extends string>(operation: PaidOperation<Name>): PaidOperation<Name> {
  if (!NAME.test(operation.name)) throw new Error(`A paid operation's name must be lower-case letters, digits and _ (at most 40): ${operation.name}`);
  return Object.freeze({ ...operation });
}

/** Every paid operation of a workspace, by name: the kernel reads a ledger row's operation here. */
export class PaidOperations {
  private readonly byName = new Map<string, PaidOperation>();

  constructor(operations: Iterable<PaidOperation>) {
    for (const operation of operations) {
      const known = this.byName.get(operation.name);
      if (known && known !== operation) throw new Error(`Two paid operations are called ${operation.name}.`);
      this.byName.set(operation.name, operation);
    }
  }

  get(name: string): PaidOperation | undefined {
    return this.byName.get(name);
  }

  /**
   * Whether a ledger row's operation has an observed cost. A name no definition knows (a row
   * written by another version of Scout) is taken as observed: any balance may have moved.
   */
  observed(name: string): boolean {
    return (this.byName.get(name)?.cost ?? 'observed') === 'observed';
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}
