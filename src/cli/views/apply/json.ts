/**
 * The document of `zonectl apply --format json` (README.md, "apply --format json"): per zone, the
 * operations with what happened to each and the ids the service returned, the calls made, the
 * time taken and the outcome; then a summary of the run. Never a token's secret value.
 */
import { dnssecJson } from '../../../core/dnssec/index.js';
import { describeHttpCalls, type ExecuteResult } from '../../../api/index.js';
import type { ZoneApplyOutcome } from '../../../app/apply/index.js';
import type { ZoneRun } from '../../../app/engine/index.js';
import { assertNever, type ErrorCode } from '../../../core/errors.js';
import { shownRecord, type Operation } from '../../../core/plan/operation.js';
import { errorCode } from '../../output/error-line.js';
import type { JsonError } from '../../output/json-error.js';
import type { JsonWaitDns } from './wait-dns-json.js';

export type ZoneOutcomeKind = 'applied' | 'unchanged' | 'failed' | 'refused' | 'interrupted' | 'not_converged' | 'not_started' | 'dry_run';

export type { JsonError } from '../../output/json-error.js';

export interface JsonOperation {
  readonly action: Operation['action'];
  readonly kind: Operation['kind'];
  readonly name: string;
  readonly type?: string;
  readonly method: string;
  readonly path: string;
  /** Acknowledged by the service. */
  readonly applied: boolean;
  /** The record's or token's id: returned by the service for a create, the known one otherwise. */
  readonly id?: string;
}

export interface JsonApplyZone {
  zone: string;
  file: string;
  zone_id?: string;
  outcome: ZoneOutcomeKind;
  error?: JsonError;
  summary: { create: number; update: number; delete: number };
  operations: JsonOperation[];
  /** HTTP calls made for the operations (reads not counted). */
  calls: number;
  /** From the zone's first write to the end of the check afterwards. */
  ms: number;
  notes: string[];
  /** Not converged: what a new plan would still do. */
  remaining?: JsonOperation[];
  /** The zone's DNSSEC as the check after apply read it (state, DS record), when the file manages it. */
  dnssec?: Record<string, unknown>;
  /** `--wait-dns`: what the zone's nameservers served by the end of the wait (./wait-dns-json.ts). */
  wait_dns?: JsonWaitDns;
  /** --dry-run: the exact calls apply would make, in steps. */
  http_calls?: Array<{ step: number; method: string; path: string; body?: unknown }>;
}

/** An account file's entry (its zone defaults: one PATCH at most). */
export interface JsonApplyAccount {
  account_id: string;
  file: string;
  outcome: 'applied' | 'unchanged' | 'failed' | 'not_verified' | 'not_converged' | 'dry_run';
  error?: JsonError;
  /** The fields of `zone_defaults` the PATCH sets. */
  fields: string[];
  calls: number;
  http_calls?: Array<{ method: string; path: string; body?: unknown }>;
}

function opName(op: Operation): { name: string; type?: string } {
  switch (op.kind) {
    case 'dns_record': {
      const r = shownRecord(op);
      return { name: r.name, type: r.type };
    }
    case 'token':
      return { name: op.name };
    case 'dns_settings':
      return { name: 'dns_settings' };
    case 'dnssec':
      return { name: 'dnssec' };
    default:
      return assertNever(op, 'operation');
  }
}

function knownId(op: Operation): string | undefined {
  if (op.kind === 'dns_record') return op.recordId;
  if (op.kind === 'token') return op.tokenId;
  return undefined;
}

export function jsonOperation(op: Operation, applied: boolean, createdId?: string): JsonOperation {
  const id = createdId ?? knownId(op);
  return {
    action: op.action,
    kind: op.kind,
    ...opName(op),
    method: op.method,
    path: op.path,
    applied,
    ...(id !== undefined ? { id } : {}),
  };
}

export function zoneEntry(run: ZoneRun): JsonApplyZone {
  const s = run.plan.summary;
  return {
    zone: run.config.zone,
    file: run.config.file,
    zone_id: run.zoneId,
    outcome: run.plan.operations.length === 0 ? 'unchanged' : 'not_started',
    summary: { create: s.create, update: s.update, delete: s.delete },
    operations: run.plan.operations.map((op) => jsonOperation(op, false)),
    calls: 0,
    ms: 0,
    notes: [],
  };
}

export function failedEntry(zone: string, file: string, error: JsonError): JsonApplyZone {
  return { zone, file, outcome: 'failed', error, summary: { create: 0, update: 0, delete: 0 }, operations: [], calls: 0, ms: 0, notes: [] };
}

export function withDryRun(entry: JsonApplyZone, run: ZoneRun, batch: boolean): JsonApplyZone {
  if (run.plan.operations.length === 0) return entry;
  const calls = describeHttpCalls(run.plan.operations, { batch, batchLimit: run.batchLimit });
  return {
    ...entry,
    outcome: 'dry_run',
    http_calls: calls.map((c) => ({ step: c.step, method: c.method, path: c.path, ...(c.body !== undefined ? { body: c.body } : {}) })),
  };
}

function asError(error: Error | undefined, fallback: ErrorCode): JsonError {
  return { code: error ? errorCode(error) : fallback, message: error?.message ?? 'unknown error' };
}

function outcomeOf(o: ZoneApplyOutcome, interrupted: boolean): { outcome: ZoneOutcomeKind; error?: JsonError } {
  if (o.result.interrupted && interrupted)
    return {
      outcome: 'interrupted',
      error: { code: 'INTERRUPTED', message: `${o.result.applied.length} of ${o.run.plan.operations.length} operations applied` },
    };
  if (o.refused) return { outcome: 'refused', error: asError(o.result.error, 'INTERNAL') };
  if (!o.result.ok) return { outcome: 'failed', error: asError(o.result.error, 'EXECUTE_FAILED') };
  if (o.verifyError) return { outcome: 'failed', error: asError(o.verifyError, 'API_ERROR') };
  if (o.residual && o.residual.operations.length > 0)
    return { outcome: 'not_converged', error: { code: 'NOT_CONVERGED', message: 'applied, but a new plan is not empty' } };
  return { outcome: 'applied' };
}

function appliedOperations(run: ZoneRun, result: ExecuteResult): JsonOperation[] {
  const applied = new Set(result.applied);
  return run.plan.operations.map((op, i) => jsonOperation(op, applied.has(i), result.createdIds[i]));
}

/** The entry of a zone apply went through (the run may be the one planned again under the lock). */
export function outcomeEntry(o: ZoneApplyOutcome, ms: number, interrupted: boolean): JsonApplyZone {
  const { outcome, error } = outcomeOf(o, interrupted);
  const remaining = outcome === 'not_converged' && o.residual ? o.residual.operations.map((op) => jsonOperation(op, false)) : undefined;
  return {
    ...zoneEntry(o.run),
    outcome,
    ...(error ? { error } : {}),
    operations: appliedOperations(o.run, o.result),
    calls: o.result.calls,
    ms,
    notes: [...o.result.notes],
    ...(remaining ? { remaining } : {}),
    ...(o.residual?.dnssec !== undefined ? { dnssec: dnssecJson(o.residual.dnssec) } : {}),
  };
}

/** The whole document: zones in the order of the files, a summary, and the run's own error if it was refused as a whole. */
export function renderApplyJson(
  zones: readonly JsonApplyZone[],
  options: {
    dryRun: boolean;
    ms: number;
    error?: JsonError;
    accounts?: readonly JsonApplyAccount[];
    /** `--changed-since REF`: plan's `changed_since` object (src/cli/views/report/print-report.ts). */
    changedSince?: Record<string, unknown>;
  },
): string {
  const count = (k: ZoneOutcomeKind): number => zones.filter((z) => z.outcome === k).length;
  const summary = {
    zones: zones.length,
    applied: count('applied'),
    unchanged: count('unchanged'),
    failed: count('failed'),
    refused: count('refused'),
    interrupted: count('interrupted'),
    not_converged: count('not_converged'),
    not_started: count('not_started'),
    operations_applied: zones.reduce((n, z) => n + z.operations.filter((op) => op.applied).length, 0),
    calls: zones.reduce((n, z) => n + z.calls, 0),
    ms: options.ms,
  };
  const accounts = options.accounts ?? [];
  const doc = {
    format_version: 1,
    command: 'apply',
    dry_run: options.dryRun,
    ...(options.error ? { error: options.error } : {}),
    ...(options.changedSince ? { changed_since: options.changedSince } : {}),
    zones,
    ...(accounts.length > 0 ? { accounts } : {}),
    summary,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
