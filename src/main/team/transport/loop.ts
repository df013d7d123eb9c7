// The push/pull loop of one stream of the team transport (the records, the shared work, the
// ledger). The stream's delegate does the work — push what its outbox holds, pull what the team
// has after its cursor — and the loop decides when: a push when something is queued, at once
// when the team database answers again, and after a failure by the shared backoff; a pull when
// the stream's channel announces news, when the listener comes (back), at every poll (often while
// not listening, seldom while listening, in case an announcement was missed) and, after a
// failure, by the backoff. Pushes run one at a time, pulls one at a time; asked for while one
// runs, another follows it.
import { Backoff, type BackoffRange } from './backoff';
import type { TeamListener } from './listener';
import { Timers } from './timers';

export interface StreamDelegate {
  /** Its name in the log. */
  readonly name: string;
  /** The NOTIFY channel its news is announced on (none: pushed only). */
  readonly channel?: string;
  /**
   * Pushes what its outbox holds, in order. Resolves true when it is through (what remains was set
   * aside), false when the rest must wait (tried again after a backoff); a throw is the same.
   */
  push?(): Promise<boolean>;
  /** Pulls what the team has after its cursor; throws when the team database could not be asked. */
  pull?(): Promise<void>;
  /** Ms between pulls while not listening, and while listening (0: never). */
  readonly pollMs?: number;
  readonly listeningPollMs?: number;
  /** The listener became live or was lost. */
  live?(live: boolean): void;
  /** A push or pull failed (already waiting for its retry, `retryMs` from now; null: not retried). */
  failed?(what: 'push' | 'pull', error: unknown, retryMs: number | null): void;
}

interface Lane {
  running: Promise<void> | null;
  again: boolean;
  retry: NodeJS.Timeout | null;
  backoff: Backoff;
}

export class StreamLoop {
  /** Its timers (none is left after stop). */
  readonly timers = new Timers();
  private running = false;
  private readonly lanes: Record<'push' | 'pull', Lane>;
  private poll: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Its first try to listen (a pull asked for now comes after the one its connection starts). */
  private listening: Promise<void> = Promise.resolve();

  constructor(
    private readonly delegate: StreamDelegate,
    private readonly listener: TeamListener | null,
    backoff?: BackoffRange,
  ) {
    const lane = (): Lane => ({ running: null, again: false, retry: null, backoff: new Backoff(backoff) });
    this.lanes = { push: lane(), pull: lane() };
  }

  /** Told of its channel's news as they come (the listener is live and it is started). */
  get live(): boolean {
    return this.unsubscribe !== null && this.listener !== null && this.listener.live;
  }

  get started(): boolean {
    return this.running;
  }

  /** Starts it; resolves once it listens for its channel, or once a first try to listen failed. */
  start(): Promise<void> {
    if (this.running) return Promise.resolve();
    this.running = true;
    const { channel } = this.delegate;
    let ready = Promise.resolve();
    if (channel && this.listener) {
      const subscribed = this.listener.subscribe({
        channel,
        notified: () => this.requestPull(),
        changed: (live) => {
          this.delegate.live?.(live);
          // Live (again): what came meanwhile, and what waited. Lost: a pull now, then polls.
          this.requestPull();
          if (live) this.requestPush(true);
          this.schedulePoll();
        },
      });
      this.unsubscribe = subscribed.stop;
      ready = this.listening = subscribed.ready;
    }
    this.requestPull();
    this.requestPush();
    this.schedulePoll();
    return ready;
  }

  /** No more pushes or pulls: the ones under way are waited for; no timer is left. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.timers.clearAll();
    this.poll = this.lanes.push.retry = this.lanes.pull.retry = null;
    await Promise.allSettled([this.lanes.push.running, this.lanes.pull.running].filter((p) => p !== null));
  }

  /** A push soon (something was queued); `reset`: the team database answers again, not waited for. */
  requestPush(reset = false): void {
    if (!this.running || !this.delegate.push) return;
    if (reset) this.lanes.push.backoff.reset();
    this.run('push');
  }

  requestPull(): void {
    if (this.running && this.delegate.pull) this.run('pull');
  }

  /** Pushes now, started or not; resolves once the push under way (asked to go on) or this one ends. */
  pushNow(): Promise<void> {
    this.run('push', true);
    return this.lanes.push.running ?? Promise.resolve();
  }

  /** Pulls now, started or not; resolves once everything announced up to now is pulled (or the pull failed). */
  pullNow(): Promise<void> {
    return this.now('pull');
  }

  /** A push lane's retry waits no longer (something was pushed or pulled: the team database answers). */
  answered(): void {
    const lane = this.lanes.push;
    if (lane.retry === null) return;
    lane.retry = this.timers.clear(lane.retry);
    lane.backoff.reset();
    this.requestPush();
  }

  /** Resolves once no push (or pull) of this stream runs. */
  async idle(what: 'push' | 'pull'): Promise<void> {
    const lane = this.lanes[what];
    while (lane.running) await lane.running;
  }

  private async now(what: 'push' | 'pull'): Promise<void> {
    // A connection being opened pulls what came before it listened: that pull, then this one.
    if (what === 'pull') await this.listening;
    await this.idle(what);
    this.run(what, true);
    await this.lanes[what].running;
  }

  private run(what: 'push' | 'pull', forced = false): void {
    const lane = this.lanes[what];
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.retry = this.timers.clear(lane.retry);
    const delegate = this.delegate;
    const work: (() => Promise<boolean | void>) | undefined = what === 'push' ? delegate.push?.bind(delegate) : delegate.pull?.bind(delegate);
    if (!work) return;
    const once = async () => {
      do {
        lane.again = false;
        let ok: boolean;
        let failure: unknown = null;
        try {
          ok = (await work()) !== false;
        } catch (error) {
          ok = false;
          failure = error;
        }
        if (ok) {
          lane.backoff.reset();
          continue;
        }
        const retryMs = this.running ? lane.backoff.next() : null;
        if (failure !== null) this.delegate.failed?.(what, failure, retryMs);
        if (retryMs !== null && !lane.retry) {
          lane.retry = this.timers.later(retryMs, () => {
            lane.retry = null;
            this.run(what);
          });
        }
        return;
      } while (lane.again && (this.running || forced));
    };
    lane.running = once().finally(() => (lane.running = null));
  }

  /** The next poll: every `pollMs` while not listening, every `listeningPollMs` while listening. */
  private schedulePoll(): void {
    this.poll = this.timers.clear(this.poll);
    if (!this.running || !this.delegate.pull) return;
    const every = this.live ? this.delegate.listeningPollMs : this.delegate.pollMs;
    if (!every) return;
    this.poll = this.timers.later(every, () => {
      this.poll = null;
      // A connection cut without a word says nothing until asked; one not there is tried again.
      this.listener?.check();
      this.requestPull();
      this.schedulePoll();
    });
  }
}
