import type { ZonePlan } from '../plan/build-plan.js';
import { shownRecord } from '../plan/operation.js';
import { describeFieldValue } from '../drift/index.js';

/**
 * After apply, a non-empty plan means the service stored some value differently from how the
 * file writes it. Say which record and field, what the service keeps, and what to write.
 */
export function describeNonConvergence(plan: ZonePlan): string[] {
  const lines: string[] = [];
  for (const op of plan.operations) {
    if (op.kind === 'dns_record' && op.action === 'update') {
      for (const f of op.fields) {
        const keeps = describeFieldValue(f, op.before);
        const says = describeFieldValue(f, op.after);
        lines.push(
          `${op.after.name} ${op.after.type}: the service keeps ${f} ${keeps} where the file says ${says}; write it in the file as the service keeps it`,
        );
      }
    } else if (op.kind === 'dns_record') {
      const r = shownRecord(op);
      lines.push(`${r.name} ${r.type}: still to ${op.action} after apply (another writer, or a rule of the service zonectl does not know)`);
    } else {
      lines.push(
        `${op.kind}${op.kind === 'token' ? ` ${JSON.stringify(op.name)}` : ''}: ${op.fields.join(', ') || op.action} still differs after apply`,
      );
    }
  }
  return lines;
}
