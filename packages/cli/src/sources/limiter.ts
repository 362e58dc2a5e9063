/**
 * Politeness: at most so many requests at once to one host (and in all),
 * and a pause between two requests to the same host; a host that answered
 * 429 with Retry-After is left alone until then. Time and sleeping are
 * passed in, so tests decide how long a pause lasts.
 */

/** Options of a `HostLimiter`. */
export interface LimiterOptions {
  /** Requests in flight to one host. */
  perHost: number;
  /** Requests in flight in all. */
  total: number;
  /** Milliseconds between the starts of two requests to one host. */
  interval: number;
  /** A longer interval for some hosts (the arXiv API asks for 3 s). */
  intervals?: Readonly<Record<string, number>>;
  /** A monotonic clock in milliseconds. */
  clock: () => number;
  /** Wait so many milliseconds. */
  sleep: (ms: number) => Promise<void>;
}

interface HostState {
  active: number;
  /** The earliest time the next request may start. */
  next: number;
}

/** Runs tasks under per-host and total limits. */
export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  /** Tasks waiting for a slot, by host, in arrival order. */
  private readonly queues = new Map<string, Array<() => void>>();
  private active = 0;

  constructor(private readonly options: LimiterOptions) {}

  /**
   * Run a task for a host when the limits allow.
   * @param host the host it talks to.
   * @param task the request.
   * @returns what the task returns.
   */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.state(host);
    while (state.active >= this.options.perHost || this.active >= this.options.total) await new Promise<void>((resolve) => this.queue(host).push(resolve));
    state.active++;
    this.active++;
    try {
      for (let wait = state.next - this.options.clock(); wait > 0; wait = state.next - this.options.clock()) await this.options.sleep(wait);
      state.next = this.options.clock() + (this.options.intervals?.[host] ?? this.options.interval);
      return await task();
    } finally {
      state.active--;
      this.active--;
      this.wakeOne(host);
    }
  }

  /** One slot came free: give it to the next task of the same host, else to the first waiting for a host with room. */
  private wakeOne(host: string): void {
    const own = this.queues.get(host);
    if (own?.length) {
      own.shift()!();
      return;
    }
    for (const [other, queue] of this.queues) {
      if (queue.length > 0 && this.state(other).active < this.options.perHost) {
        queue.shift()!();
        return;
      }
    }
  }

  private queue(host: string): Array<() => void> {
    let queue = this.queues.get(host);
    if (!queue) this.queues.set(host, (queue = []));
    return queue;
  }

  /**
   * Leave a host alone for a while (a 429's Retry-After).
   * @param host the host.
   * @param ms milliseconds from now.
   */
  pause(host: string, ms: number): void {
    const state = this.state(host);
    state.next = Math.max(state.next, this.options.clock() + ms);
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) this.hosts.set(host, (state = { active: 0, next: 0 }));
    return state;
  }
}

/**
 * The host of a URL, as the limits count it.
 * @param url an absolute URL.
 * @returns its host (with port), or the text itself when it is not a URL.
 */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
