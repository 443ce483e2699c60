/** What apply says on stderr whatever its format: messages, the lock's waiting and loss, --verbose account calls. */
import type { ApplyEvent } from '../../../app/apply/index.js';
import type { MessageEvent } from '../../../app/session/index.js';
import { accountLabel } from '../../../core/account/plan-account.js';
import { detail, info, log } from '../../output/io.js';
import { showMessage } from '../../output/messages.js';

export function showApplyMessage(
  event: MessageEvent | Extract<ApplyEvent, { kind: 'lock-waiting' | 'lock-lost' | 'account-writing' }>,
): void {
  switch (event.kind) {
    case 'lock-waiting':
      info(event.message);
      return;
    case 'lock-lost':
      log(`${event.message}; sending no more calls`);
      return;
    case 'account-writing':
      for (const op of event.run.plan.operations) detail(`${accountLabel(event.run.plan.accountId)}: ${op.method} ${op.path}`);
      return;
    default:
      showMessage(event);
  }
}
