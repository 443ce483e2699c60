/**
 * What a wait-dns session tells its user: typed events through one injected output, rendered by
 * whoever runs it (the CLI as progress lines or one JSON document, a test by recording them).
 * The session decides; the output only shows. Nothing here writes to a stream.
 */
import type { SessionOutput } from '../session/index.js';

/** One name and type to check. */
export interface CheckRef {
  readonly name: string;
  readonly type: string;
}

/** A check a nameserver does not serve yet, and what it answers instead. */
export interface PendingCheck extends CheckRef {
  readonly why: string;
}

/** A check nobody waits for, and why it cannot be checked from the zone (a flattened CNAME to another zone, the apex NS). */
export interface SkippedCheck extends CheckRef {
  readonly reason: string;
}

/** A nameserver that did not serve everything, and what it lacks. */
export interface NotServed {
  /** The nameserver as given (`ns1.example.net`, `127.0.0.1:5301`). */
  readonly server: string;
  /** The address asked (absent when the name did not resolve). */
  readonly address?: string;
  /** Why the name has no address (then no check was asked there). */
  readonly unresolved?: string;
  /** Why the address cannot be reached (refused, no route): it was not asked again. */
  readonly unreachable?: string;
  readonly checks: readonly PendingCheck[];
}

/**
 * How a wait ended. Each outcome is its own, said in its own words (issue 43 item 10):
 * - `served`: every nameserver serves every check;
 * - `nothing`: there was nothing to wait for (no record changed, or none that can be checked);
 * - `unreachable`: a nameserver cannot be asked (its name does not resolve, or it refuses, or
 *   there is no route to it), so the wait ended before its deadline (the others served, or could
 *   not be asked either);
 * - `not-served`: the deadline passed first;
 * - `stopped`: the caller's stop signal ended the wait.
 */
export type WaitDnsResult =
  | { readonly status: 'served'; readonly servers: readonly string[]; readonly skipped: readonly SkippedCheck[] }
  | { readonly status: 'nothing'; readonly reason: string; readonly skipped: readonly SkippedCheck[] }
  | { readonly status: 'unreachable'; readonly notServed: readonly NotServed[]; readonly skipped: readonly SkippedCheck[] }
  | { readonly status: 'not-served'; readonly notServed: readonly NotServed[]; readonly skipped: readonly SkippedCheck[] }
  | { readonly status: 'stopped'; readonly notServed: readonly NotServed[]; readonly skipped: readonly SkippedCheck[] };

export type WaitDnsEvent =
  | {
      readonly kind: 'started';
      readonly zone: string;
      readonly servers: readonly string[];
      readonly checks: readonly CheckRef[];
      readonly skipped: readonly SkippedCheck[];
      readonly deadlineMs: number;
    }
  /** Nothing to ask: no record changed, or none that can be checked (then nothing is asked). */
  | { readonly kind: 'nothing'; readonly zone: string; readonly reason: string; readonly skipped: readonly SkippedCheck[] }
  /** A nameserver given by name, resolved through the system resolver. */
  | { readonly kind: 'resolved'; readonly server: string; readonly address: string }
  | { readonly kind: 'unresolved'; readonly server: string; readonly why: string }
  /** Every question of a round to this nameserver failed as unreachable: it is not asked again. */
  | { readonly kind: 'unreachable'; readonly server: string; readonly why: string }
  /** After a round of questions, for a nameserver that does not serve everything yet: on the first round and whenever its count changes. */
  | {
      readonly kind: 'progress';
      readonly server: string;
      readonly served: number;
      readonly total: number;
      readonly pending: readonly PendingCheck[];
    }
  /** Every check is served there. */
  | { readonly kind: 'served'; readonly server: string; readonly total: number }
  /** The deadline passed before every nameserver served every check. */
  | { readonly kind: 'timed-out'; readonly notServed: readonly NotServed[] }
  | { readonly kind: 'finished'; readonly result: WaitDnsResult };

/** The session's output: one `emit`, as every verb's (src/app/session). */
export type WaitDnsOutput = SessionOutput<WaitDnsEvent>;
