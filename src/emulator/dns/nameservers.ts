/**
 * The emulator's nameservers: one DNS listener per `--dns-port` (in-process `dnsPorts`), all
 * serving every zone. Listener k stands for the k-th entry of each zone's `name_servers` (k
 * modulo their number): the service gives each zone two, so `--dns-port 0 --dns-port 0` gives
 * a zone both of its nameservers (src/emulator/README.md, "DNS").
 *
 * Each listener reads the zones through a view:
 * - live (default): the store as it is now, so a write through the API is answered at once;
 * - lagging (`--dns-lag SECONDS`, in-process `dnsLagMs`): each write is served SECONDS after it
 *   was made (a snapshot taken right after the write is published then), for people to watch a
 *   change spread;
 * - held (`hold()`): the zones as they were when held, until `publish()` (show the current
 *   state, stay held) or `release()` (live, or lagging again): for tests that must see "one
 *   nameserver has the change, the other not yet" without waiting for a clock.
 */
import type { Store } from '../contract.js';
import { startDnsServer, type RunningDnsServer } from './dns-server.js';
import { ZoneCatalog, type ZoneSource } from './zone-catalog.js';

export interface NameserversOptions {
  host: string;
  /** One listener per port (0 picks a free port). */
  ports: readonly number[];
  /** Lag of each listener in milliseconds (one value: every listener; missing or 0: none). */
  lagsMs?: readonly number[];
  store: Store;
  /** Changes whenever the store may have changed. */
  generation: () => number;
  now: () => Date;
}

/** One nameserver of the emulator and its view controls. */
export interface NameserverControl {
  /** 0-based: it stands for `name_servers[index % name_servers.length]` of each zone. */
  readonly index: number;
  readonly host: string;
  readonly port: number;
  readonly lagMs: number;
  /** True between hold() and release(). */
  readonly held: boolean;
  /** Serve the zones as they are now until publish() or release(). */
  hold(): void;
  /** While held: serve the zones as they are now, and stay held. */
  publish(): void;
  /** Stop holding: serve the store live (or with the listener's lag). */
  release(): void;
}

export interface RunningNameservers {
  readonly list: readonly NameserverControl[];
  /** Tell the nameservers the store was written (after each write request or control). */
  written(): void;
  close(): Promise<void>;
}

class Nameserver implements NameserverControl {
  private heldView: ZoneSource | undefined;
  private lagView: ZoneSource | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  server!: RunningDnsServer;

  constructor(
    readonly index: number,
    readonly lagMs: number,
    private readonly catalog: ZoneCatalog,
  ) {
    if (lagMs > 0) this.lagView = catalog.snapshot();
  }

  get host(): string {
    return this.server.host;
  }

  get port(): number {
    return this.server.port;
  }

  get held(): boolean {
    return this.heldView !== undefined;
  }

  source(): ZoneSource {
    return this.heldView ?? this.lagView ?? this.catalog;
  }

  hold(): void {
    this.heldView = this.catalog.snapshot();
  }

  publish(): void {
    if (this.heldView !== undefined) this.heldView = this.catalog.snapshot();
  }

  release(): void {
    this.heldView = undefined;
  }

  written(): void {
    if (this.lagMs <= 0) return;
    const after = this.catalog.snapshot();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.lagView = after;
    }, this.lagMs);
    timer.unref();
    this.timers.add(timer);
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.server?.close();
  }
}

export async function startNameservers(opts: NameserversOptions): Promise<RunningNameservers> {
  const catalog = new ZoneCatalog(opts.store, opts.generation, opts.now);
  const lags = opts.lagsMs ?? [];
  const list: Nameserver[] = [];
  try {
    for (const [index, port] of opts.ports.entries()) {
      const ns = new Nameserver(index, (lags.length === 1 ? lags[0] : lags[index]) ?? 0, catalog);
      ns.server = await startDnsServer({ host: opts.host, port, source: () => ns.source(), now: opts.now });
      list.push(ns);
    }
  } catch (err) {
    await Promise.all(list.map((ns) => ns.close()));
    throw err;
  }
  return {
    list,
    written: () => {
      for (const ns of list) ns.written();
    },
    close: async () => {
      await Promise.all(list.map((ns) => ns.close()));
    },
  };
}
