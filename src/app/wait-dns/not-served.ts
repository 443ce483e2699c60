/** The error of a wait that ended before every nameserver served every check: what is missing where. */
import { ZonectlError } from '../../core/errors.js';
import type { WaitDnsResult } from './output.js';

export function notServedError(zone: string, result: Exclude<WaitDnsResult, { status: 'served' }>): ZonectlError {
  const where = result.notServed
    .map((n) => `${n.server}: ${n.unresolved ?? n.checks.map((c) => `${c.name} ${c.type} (${c.why})`).join('; ')}`)
    .join(' | ');
  const what = result.status === 'stopped' ? 'the wait was stopped before' : 'the deadline passed before';
  return new ZonectlError('DNS_NOT_SERVED', `${zone}: ${what} every nameserver served the change; not served: ${where}`);
}
