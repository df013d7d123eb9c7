// How a paid record crosses between a laptop's cache and the team database. One codec per kind
// of record (a report, a PDF's bytes, a discovery page …): the service that saves a paid thing
// locally says what the team keeps of it (`TeamRecordOut`, pushed through the outbox), and the
// same service saves a teammate's record into the local cache (`apply`), reading the body as
// hostile input, like an API answer of the day it was bought.
//
// The sync engine (sync.ts) and the kernel's takeCopy both go through `apply`, so a record
// pulled in the background and a copy taken instead of buying are saved the same way.
import type { RecordBody, TeamItem } from './records';

/**
 * What an outbox keeps of a record's content: its JSON, its bytes, or the path of a file Scout
 * keeps anyway (a PDF in the archive), read when it is pushed rather than copied into the outbox.
 */
export type OutboxBody = RecordBody | { file: string };

/** A paid thing saved locally, as the team keeps it. */
export interface TeamRecordOut<Body extends OutboxBody = OutboxBody> {
  item: TeamItem;
  /** When it was bought (or received). */
  fetchedAt: Date;
  body: Body;
}

/** A record read from the team database: its metadata checked, its body still hostile. */
export interface TeamRecordIn {
  seq: number;
  item: TeamItem;
  /** The researcher's role name who pushed it. */
  researcher: string;
  fetchedAt: Date;
  body: RecordBody;
}

export interface TeamRecordCodec {
  /** The record kind (a `PaidOperation`, or a finer kind such as a report's snapshot). */
  readonly kind: string;
  /**
   * Saves a teammate's record into the local cache. Idempotent: a record already held (pulled
   * twice, or one's own) changes nothing. Throws TEAM_BAD_DATA for a body it cannot read; the
   * sync engine then skips that record, says so, and goes on.
   */
  apply(record: TeamRecordIn): Promise<'saved' | 'already-held'>;
  /**
   * The same, synchronously, for a codec whose saving is all in the local database: the sync
   * engine then applies a page of pulled records and moves its cursor in one local transaction
   * (a new laptop's join of thousands of records is then a few commits, not thousands).
   */
  applyNow?(record: TeamRecordIn): 'saved' | 'already-held';
}

/** Codecs by kind; a record of a kind this Scout does not know is kept aside, never guessed at. */
export class TeamCodecs {
  private readonly byKind = new Map<string, TeamRecordCodec>();

  register(codec: TeamRecordCodec): this {
    if (this.byKind.has(codec.kind)) throw new Error(`Two codecs for team records of kind ${codec.kind}.`);
    this.byKind.set(codec.kind, codec);
    return this;
  }

  get(kind: string): TeamRecordCodec | undefined {
    return this.byKind.get(kind);
  }

  kinds(): string[] {
    return [...this.byKind.keys()];
  }
}
