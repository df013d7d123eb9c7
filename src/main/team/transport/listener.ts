// The one listening connection of a laptop: every stream that is announced by NOTIFY (the
// records on scout_records, the shared work on scout_shared) is LISTENed for on one dedicated
// connection, not one of the pool's (the pool's connections close when idle; this one stays,
// and is all a laptop at rest holds besides what its last work left open).
//
// It connects while anyone subscribes; lost (an error, the server gone, or a ping that gets no
// answer: a cut cable says nothing until asked), it tells the subscribers, which poll meanwhile,
// and connects again with backoff. Each (re)connection tells them it is live, so they pull what
// came while it was away.
import type pg from 'pg';
import type { Logger } from '../../platform/log';
import { pgModule } from '../pgModule';
import { Backoff, type BackoffRange } from './backoff';
import { Timers } from './timers';

/** Opens the listening connection; a seam for tests of a refused LISTEN or a connection cut without a word. */
export type ListenConnect = (pool: pg.Pool) => Promise<pg.PoolClient | pg.Client>;

export interface ListenSubscriber {
  /** The channel it is announced on. */
  readonly channel: string;
  /** An announcement on its channel. */
  notified(): void;
  /** The connection is live (listening on its channel) or lost. */
  changed(live: boolean): void;
}

export interface TeamListenerOptions {
  /** The current team pool (its settings are the connection's); may throw while there is none. */
  pool: () => pg.Pool;
  connect?: ListenConnect;
  backoff?: BackoffRange;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

/** The dedicated connection, from the pool's own settings (password included: pg-pool keeps it unlisted). */
export const dedicatedConnection: ListenConnect = async (pool) => {
  const options = (pool as unknown as { options: pg.ClientConfig }).options;
  const name = options.application_name ?? 'scout';
  const client = new (pgModule().Client)({ ...options, password: options.password, application_name: `${name} listen`.slice(0, 63) });
  // An error of an idle connection (the server restarting) is said by 'end'/'error' below, never thrown.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
};

function close(client: pg.PoolClient | pg.Client): void {
  client.removeAllListeners('notification');
  if ('release' in client && typeof client.release === 'function') client.release(true);
  else void (client as pg.Client).end().catch(() => undefined);
}

export class TeamListener {
  private readonly subscribers = new Set<ListenSubscriber>();
  private readonly backoff: Backoff;
  private readonly timers = new Timers();
  private client: pg.PoolClient | pg.Client | null = null;
  /** The pool the connection was made from: another pool (new settings) means another connection. */
  private madeFrom: pg.Pool | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: TeamListenerOptions) {
    this.backoff = new Backoff(options.backoff);
  }

  /** Listening now, on every subscribed channel. */
  get live(): boolean {
    return this.client !== null;
  }

  /**
   * Listens for `subscriber`'s channel (connecting if need be): `stop` ends it; `ready` resolves
   * once it listens, or once this try to connect failed (it is tried again by itself).
   */
  subscribe(subscriber: ListenSubscriber): { stop: () => void; ready: Promise<void> } {
    this.subscribers.add(subscriber);
    const client = this.client;
    let ready: Promise<void>;
    if (client) {
      ready = client.query(`LISTEN ${subscriber.channel}`).then(
        () => void (this.client === client && this.subscribers.has(subscriber) && subscriber.changed(true)),
        () => this.lost(client),
      );
    } else {
      this.connect();
      ready = this.connecting ?? Promise.resolve();
    }
    return { stop: () => this.unsubscribe(subscriber), ready };
  }

  private unsubscribe(subscriber: ListenSubscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    const client = this.client;
    if (this.subscribers.size === 0) {
      this.client = null;
      this.timers.clearAll();
      this.reconnectTimer = null;
      if (client) close(client);
      return;
    }
    if (client && ![...this.subscribers].some((s) => s.channel === subscriber.channel)) {
      client.query(`UNLISTEN ${subscriber.channel}`).catch(() => undefined);
    }
  }

  /**
   * Asks the connection whether it is still there (a cut found out), or connects now when there is
   * none and it is not waiting (or when `now`: the team database answers again, it is not waited for).
   */
  check(now = false): void {
    if (this.subscribers.size === 0) return;
    const client = this.client;
    const current = this.currentPool();
    if (client && current !== null && this.madeFrom !== null && current !== this.madeFrom) {
      // Settings changed: listened for on the new database.
      this.lost(client, false);
      return;
    }
    if (client) {
      client.query('SELECT 1').catch(() => this.lost(client));
      return;
    }
    if (now) this.reconnectTimer = this.timers.clear(this.reconnectTimer);
    if (!this.reconnectTimer) this.connect();
  }

  /** Every subscriber gone, the connection closed (what connects is waited for). */
  async stop(): Promise<void> {
    for (const s of [...this.subscribers]) this.unsubscribe(s);
    await this.connecting;
  }

  private currentPool(): pg.Pool | null {
    try {
      return this.options.pool();
    } catch {
      return null;
    }
  }

  private connect(): void {
    if (this.client || this.connecting || this.subscribers.size === 0) return;
    this.connecting = this.connectOnce().finally(() => (this.connecting = null));
  }

  private async connectOnce(): Promise<void> {
    let client: pg.PoolClient | pg.Client | null = null;
    try {
      const pool = this.options.pool();
      client = await (this.options.connect ?? dedicatedConnection)(pool);
      const mine = client;
      mine.on('notification', (message) => {
        if (this.client !== mine) return;
        for (const s of this.subscribers) if (s.channel === message.channel) s.notified();
      });
      mine.on('error', () => this.lost(mine));
      mine.on('end', () => this.lost(mine));
      // Every subscriber's channel, those who subscribed while it connected too.
      const listened = new Set<string>();
      for (let next = this.unlistened(listened); next !== undefined; next = this.unlistened(listened)) {
        await mine.query(`LISTEN ${next}`);
        listened.add(next);
      }
      if (this.subscribers.size === 0) {
        close(mine);
        return;
      }
      this.client = mine;
      this.madeFrom = pool;
      this.backoff.reset();
      this.options.logger?.info('team: listening for the team’s news');
      for (const s of [...this.subscribers]) s.changed(true);
    } catch (error) {
      if (client) close(client);
      this.options.logger?.warn('team: cannot listen for the team’s news; polling meanwhile', { error: error instanceof Error ? error.message : String(error) });
      this.reconnectLater();
    }
  }

  private unlistened(listened: Set<string>): string | undefined {
    for (const s of this.subscribers) if (!listened.has(s.channel)) return s.channel;
    return undefined;
  }

  private lost(client: pg.PoolClient | pg.Client, backoff = true): void {
    if (this.client !== client) return;
    this.client = null;
    this.madeFrom = null;
    close(client);
    this.options.logger?.warn('team: the listening connection was lost; polling until it is back');
    for (const s of [...this.subscribers]) s.changed(false);
    if (backoff) this.reconnectLater();
    else this.connect();
  }

  private reconnectLater(): void {
    if (this.subscribers.size === 0 || this.reconnectTimer) return;
    this.reconnectTimer = this.timers.later(this.backoff.next(), () => {
      this.reconnectTimer = null;
      this.connect();
    });
  }
}
