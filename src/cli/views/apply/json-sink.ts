/**
 * Apply's events as one JSON document (`--format json`, ./json.ts): everything is collected and
 * printed at the end, with nothing else on stdout; errors and warnings still go to stderr as
 * lines (./apply-lines.ts). The text sink (./text-sink.ts) renders the same events.
 */
import { describeCreatedZone } from '../../../app/apply/index.js';
import type { ZoneRun } from '../../../app/engine/index.js';
import { assertNever, ZonectlError } from '../../../core/errors.js';
import { log, out } from '../../output/io.js';
import { type JsonError, jsonError } from '../../output/json-error.js';
import { accountDryRun, accountUnchangedEntry, reportAccountOutcome } from './accounts.js';
import { printOutcomes, printPlanFailures } from './apply-lines.js';
import { changedSinceJson } from '../report/print-report.js';
import { waitDnsJson } from './wait-dns-json.js';
import { failedEntry, outcomeEntry, renderApplyJson, withDryRun, zoneEntry, type JsonApplyAccount, type JsonApplyZone } from './json.js';
import type { SinkEvent } from './messages.js';

export class ApplyJsonSink {
  private readonly zones = new Map<string, JsonApplyZone>();
  private readonly accounts = new Map<string, JsonApplyAccount>();
  private readonly startedAt: number;
  private zoneStartedAt: number | undefined;
  private readonly zoneMs = new Map<string, number>();
  private runError: JsonError | undefined;
  private changedSince: Record<string, unknown> | undefined;
  private dryRunShown = false;
  private finished = false;

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
  }

  emit(event: SinkEvent): void {
    switch (event.kind) {
      case 'changed-since':
        this.changedSince = changedSinceJson(event.selection);
        return;
      case 'planned':
        printPlanFailures(event.outcomes);
        for (const o of event.outcomes) {
          this.zones.set(
            o.config.zone,
            o.kind === 'failed' ? failedEntry(o.config.zone, o.config.file, { code: o.code, message: o.message }) : zoneEntry(o.run),
          );
        }
        return;
      case 'dry-run':
        this.dryRunShown = true;
        for (const run of event.runs) {
          const entry = this.zones.get(run.config.zone);
          if (entry) this.zones.set(run.config.zone, withDryRun(entry, run, event.batch));
        }
        for (const run of event.accounts) this.account(accountDryRun(run, false));
        return;
      case 'zone-created':
        log(describeCreatedZone(event.created));
        return;
      case 'zone-writing':
        this.zoneStartedAt = this.now();
        return;
      case 'zone-done':
        if (this.zoneStartedAt !== undefined) this.zoneMs.set(event.zone, this.now() - this.zoneStartedAt);
        this.zoneStartedAt = undefined;
        return;
      case 'zone-outcomes':
        for (const o of event.outcomes) {
          const zone = o.run.config.zone;
          this.zones.set(zone, outcomeEntry(o, this.zoneMs.get(zone) ?? 0, event.signal !== undefined));
        }
        printOutcomes(event.outcomes, event.signal, false);
        return;
      case 'account-unchanged':
        this.account(accountUnchangedEntry(event.run));
        return;
      case 'account-outcome':
        this.account(reportAccountOutcome(event.outcome, false));
        return;
      case 'stopped':
        if (event.at.stage === 'zone') this.gaveUp(event.at.run, event.at.applied);
        return;
      case 'wait-dns': {
        const entry = this.zones.get(event.zone);
        if (event.event.kind === 'finished' && entry) this.zones.set(event.zone, { ...entry, wait_dns: waitDnsJson(event.event.result) });
        return;
      }
      case 'interrupted':
        this.runError = jsonError(new ZonectlError('INTERRUPTED', `interrupted by ${event.signal}`));
        return;
      case 'failed':
        this.runError = jsonError(event.error);
        return;
      case 'finished':
        this.finish();
        return;
      // Secrets are never put in the document: --show-token-values is refused with --format json.
      case 'token-values':
      case 'account-plans':
        return;
      default:
        assertNever(event, 'apply event');
    }
  }

  /** The zone being written when the run gave up waiting for its calls (a second signal). */
  private gaveUp(run: ZoneRun, applied: ReadonlySet<number>): void {
    const entry = zoneEntry(run);
    this.zones.set(run.config.zone, {
      ...entry,
      outcome: 'interrupted',
      error: { code: 'INTERRUPTED', message: 'zonectl stopped waiting for the calls in flight; they may have been applied' },
      operations: entry.operations.map((op, i) => ({ ...op, applied: applied.has(i) })),
    });
  }

  private account(entry: JsonApplyAccount): void {
    this.accounts.set(entry.account_id, entry);
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    out(
      renderApplyJson([...this.zones.values()], {
        dryRun: this.dryRunShown,
        ms: this.now() - this.startedAt,
        accounts: [...this.accounts.values()],
        ...(this.runError ? { error: this.runError } : {}),
        ...(this.changedSince ? { changedSince: this.changedSince } : {}),
      }),
    );
  }
}
