/**
 * Apply's progress on stderr. On a terminal: a bar (done/total operations, rate, ETA) drawn by
 * cli-progress. Without one (CI logs): a plain line at most every LINE_INTERVAL_MS and the final
 * line of each zone, never one line per call. With --verbose: one line per completed call (and
 * no bar). With --quiet or --format json: nothing. The clock and the stream are injected so that
 * the pacing is testable without waiting.
 */
import cliProgress from 'cli-progress';
import { printable } from '../../../core/text/index.js';
import { currentVerbosity, type Verbosity } from '../../output/io.js';

export type ProgressMode = 'bar' | 'lines' | 'per-call' | 'none';

/** At most one progress line per zone this often without a terminal. */
export const LINE_INTERVAL_MS = 10_000;

/** What one completed call reports (a subset of the executor's ProgressEvent). */
export interface ProgressUpdate {
  readonly done: number;
  readonly total: number;
  readonly call: { readonly method: string; readonly path: string };
}

export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface ProgressOptions {
  readonly stream: ProgressStream;
  /** Milliseconds, monotonic enough for rates (default Date.now). */
  readonly now?: () => number;
  readonly intervalMs?: number;
}

/** Which kind of progress a run shows. */
export function progressMode(options: { verbosity: Verbosity; json: boolean; terminal: boolean }): ProgressMode {
  if (options.json || options.verbosity === 'quiet') return 'none';
  if (options.verbosity === 'verbose') return 'per-call';
  return options.terminal ? 'bar' : 'lines';
}

/** `12 s`, `3 min 5 s`, `1 h 2 min`. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

interface ZoneState {
  readonly zone: string;
  readonly startedAt: number;
  lastLineAt: number;
  done: number;
  total: number;
}

/** `ZONE: 1200/5000 operations applied (24%, 310/s, ETA 12 s)`; the final line says how long it took. */
export function progressLine(zone: string, done: number, total: number, elapsedMs: number): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const pace = `${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s`;
  const when =
    done >= total ? `in ${formatSeconds(elapsedMs / 1000)}` : rate > 0 ? `ETA ${formatSeconds((total - done) / rate)}` : 'ETA unknown';
  return `${zone}: ${done}/${total} operations applied (${percent}%, ${pace}, ${when})`;
}

export class ApplyProgress {
  private readonly now: () => number;
  private readonly intervalMs: number;
  private zone: ZoneState | undefined;
  private bar: cliProgress.SingleBar | undefined;

  constructor(
    readonly mode: ProgressMode,
    private readonly options: ProgressOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? LINE_INTERVAL_MS;
  }

  /** A zone's writes start (after its lock and the check under it). */
  zoneStart(zone: string, total: number): void {
    this.stop();
    const t = this.now();
    this.zone = { zone, startedAt: t, lastLineAt: t, done: 0, total };
    if (this.mode === 'bar') this.startBar(zone, total);
  }

  /** One call completed. */
  update(zone: string, e: ProgressUpdate): void {
    if (this.mode === 'none') return;
    if (this.mode === 'per-call') {
      this.write(`${zone}: ${e.done}/${e.total} operations applied (${e.call.method} ${e.call.path})`);
      return;
    }
    if (this.zone?.zone !== zone) this.zoneStart(zone, e.total);
    const z = this.zone!;
    z.done = e.done;
    z.total = e.total;
    const t = this.now();
    if (this.mode === 'bar') {
      // A bar stopped for other output (a warning) is not drawn again for this zone.
      this.bar?.update(e.done, this.payload(z, t));
      if (e.done >= e.total) this.stop();
      return;
    }
    if (e.done >= e.total) {
      this.write(progressLine(zone, e.done, e.total, t - z.startedAt));
      this.zone = undefined;
    } else if (t - z.lastLineAt >= this.intervalMs) {
      z.lastLineAt = t;
      this.write(progressLine(zone, e.done, e.total, t - z.startedAt));
    }
  }

  /** Clears the bar (call before anything else is written to stderr). Safe to call again. */
  stop(): void {
    if (this.bar === undefined) return;
    this.bar.stop();
    this.bar = undefined;
  }

  /** The stream is written directly (not through log()): the zone name and path are escaped here. */
  private write(line: string): void {
    this.options.stream.write(`${printable(line)}\n`);
  }

  private payload(z: ZoneState, t: number): { rate: string; remaining: string } {
    const elapsed = (t - z.startedAt) / 1000;
    const rate = elapsed > 0 ? z.done / elapsed : 0;
    return {
      rate: rate >= 10 ? String(Math.round(rate)) : rate.toFixed(1),
      remaining: rate > 0 ? formatSeconds((z.total - z.done) / rate) : '?',
    };
  }

  private startBar(zone: string, total: number): void {
    this.bar = new cliProgress.SingleBar({
      stream: this.options.stream as NodeJS.WritableStream,
      format: `${printable(zone).replace(/[{}]/g, '')} [{bar}] {value}/{total} operations | {rate}/s | ETA {remaining}`,
      clearOnComplete: true,
      hideCursor: true,
      // zonectl handles SIGINT and SIGTERM itself (src/app/session/interrupts.ts) and stops the bar first.
      gracefulExit: false,
      barsize: 30,
      linewrap: false,
    });
    this.bar.start(total, 0, { rate: '0', remaining: '?' });
  }
}

/** Apply's progress on stderr, as --quiet, --verbose, --format json and the terminal decide. */
export function progressFor(json: boolean): ApplyProgress {
  const mode = progressMode({ verbosity: currentVerbosity(), json, terminal: process.stderr.isTTY === true });
  return new ApplyProgress(mode, { stream: process.stderr });
}
