/**
 * Whether one nameserver's answer serves an expectation (expected-answers.ts), and if not,
 * what it answers instead, in words for the report. The answer is what a DNS client read off
 * the wire (untrusted: its text is already in presentation form with `\DDD` escapes, and is
 * shortened here). Pure.
 */
import { assertNever } from '../errors.js';
import { isServiceNetworkAddress } from '../model/addresses.js';
import { PROXIED_TTL_ANSWERED } from '../service/ttl.js';
import type { Expectation } from './expected-answers.js';

/** One resource record of an answer, RDATA in presentation form. */
export interface AnswerRecord {
  readonly name: string;
  readonly type: string;
  readonly ttl: number;
  readonly data: string;
}

/** What a nameserver answered (the parts that decide). */
export interface NameserverReply {
  readonly rcode: string;
  readonly answer: readonly AnswerRecord[];
  readonly authority: readonly AnswerRecord[];
}

export type Verdict = { readonly served: true } | { readonly served: false; readonly why: string };

const SERVED: Verdict = { served: true };
const notServed = (why: string): Verdict => ({ served: false, why });

const bare = (name: string): string => name.toLowerCase().replace(/\.$/, '');
const squash = (data: string): string => data.trim().replace(/\s+/g, ' ');
const line = (r: AnswerRecord): string => `${bare(r.name)} ${r.ttl} ${r.type} ${squash(r.data)}`;

/** At most 3 values of at most 80 characters each. */
function shown(values: readonly string[]): string {
  const cut = values.slice(0, 3).map((v) => (v.length > 80 ? `${v.slice(0, 77)}...` : v));
  return `${cut.join(', ')}${values.length > 3 ? `, ... (${values.length} records)` : ''}`;
}

/** The reply in a few words: `NXDOMAIN`, `no records (NODATA)`, or its records' data and TTL. */
export function describeReply(reply: NameserverReply): string {
  if (reply.rcode !== 'NOERROR') return reply.rcode;
  if (reply.answer.length === 0) {
    const ns = reply.authority.filter((r) => r.type === 'NS');
    return ns.length > 0 ? `a referral to ${shown(ns.map((r) => r.data))}` : 'no records (NODATA)';
  }
  return shown(reply.answer.map((r) => `${r.type} ${squash(r.data)} (TTL ${r.ttl})`));
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

/** Does `reply` serve `expectation`? `unverifiable` expectations are never asked (the caller skips them). */
export function judgeReply(expectation: Expectation, reply: NameserverReply): Verdict {
  const exp = expectation.expect;
  const answers = describeReply(reply);
  switch (exp.kind) {
    case 'records': {
      const want = exp.answer.map(line);
      if (reply.rcode === 'NOERROR' && sameLines(reply.answer.map(line), want)) return SERVED;
      return notServed(`answers ${answers}; expected ${shown(exp.answer.map((r) => `${r.type} ${squash(r.data)} (TTL ${r.ttl})`))}`);
    }
    case 'includes': {
      const have = new Set(reply.answer.map(line));
      const missing = exp.answer.filter((r) => !have.has(line(r)));
      if (reply.rcode === 'NOERROR' && missing.length === 0) return SERVED;
      return notServed(`answers ${answers}; missing ${shown(missing.map((r) => `${r.type} ${squash(r.data)}`))}`);
    }
    case 'absent':
      if (
        reply.rcode === 'NXDOMAIN' ||
        (reply.rcode === 'NOERROR' && reply.answer.length === 0 && !reply.authority.some((r) => r.type === 'NS'))
      ) {
        return SERVED;
      }
      return notServed(`answers ${answers}; expected NXDOMAIN or no records`);
    case 'service-addresses': {
      const own = reply.answer.filter((r) => bare(r.name) === expectation.name && r.type === expectation.type);
      const origins = new Set(exp.origins);
      const ok =
        reply.rcode === 'NOERROR' &&
        own.length > 0 &&
        own.length === reply.answer.length &&
        own.every((r) => isServiceNetworkAddress(r.data) && !origins.has(r.data) && r.ttl === PROXIED_TTL_ANSWERED);
      return ok ? SERVED : notServed(`answers ${answers}; expected the service's own addresses (proxied), TTL ${PROXIED_TTL_ANSWERED}`);
    }
    case 'service-https': {
      const ok = reply.rcode === 'NOERROR' && reply.answer.some((r) => bare(r.name) === expectation.name && r.type === 'HTTPS');
      return ok ? SERVED : notServed(`answers ${answers}; expected the HTTPS record the service makes for a proxied name`);
    }
    case 'referral': {
      const ns = reply.authority.filter((r) => r.type === 'NS' && bare(r.name) === exp.cut).map((r) => squash(r.data).toLowerCase());
      if (
        reply.rcode === 'NOERROR' &&
        reply.answer.length === 0 &&
        sameLines(
          ns,
          exp.ns.map((n) => n.toLowerCase()),
        )
      )
        return SERVED;
      return notServed(`answers ${answers}; expected a referral to ${shown(exp.ns)}`);
    }
    case 'unverifiable':
      return notServed(exp.reason);
    default:
      return assertNever(exp, 'expected answer');
  }
}
