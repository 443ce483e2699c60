/**
 * The error of a wait that ended before every nameserver served every check, in the words of how
 * it ended (./output.ts `WaitDnsResult`; issue 43 item 10): the deadline passed (DNS_NOT_SERVED),
 * a nameserver cannot be asked because its name does not resolve or it cannot be reached
 * (NAMESERVER_UNREACHABLE, before the deadline), or the wait was stopped. What is missing where,
 * with each nameserver's own reason.
 */
import { ZonectlError } from '../../core/errors.js';
import type { NotServed, WaitDnsResult } from './output.js';

const whereOf = (notServed: readonly NotServed[]): string =>
  notServed
    .map((n) => `${n.server}: ${n.unresolved ?? n.unreachable ?? n.checks.map((c) => `${c.name} ${c.type} (${c.why})`).join('; ')}`)
    .join(' | ');

export function notServedError(zone: string, result: Extract<WaitDnsResult, { notServed: readonly NotServed[] }>): ZonectlError {
  const where = whereOf(result.notServed);
  if (result.status === 'unreachable') {
    const n = result.notServed.length;
    return new ZonectlError(
      'NAMESERVER_UNREACHABLE',
      `${zone}: ${n === 1 ? 'a nameserver cannot' : `${n} nameservers cannot`} be asked, so the wait ended before its deadline: ${where}`,
    );
  }
  const what = result.status === 'stopped' ? 'the wait was stopped before' : 'the deadline passed before';
  return new ZonectlError('DNS_NOT_SERVED', `${zone}: ${what} every nameserver served the change; not served: ${where}`);
}
