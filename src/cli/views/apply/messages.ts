/**
 * How apply's events split between the renderers (../apply.ts): what is said on stderr
 * whatever the format (messages, the lock's waiting and loss, --verbose account calls), what only
 * moves the run and its progress forward, and the rest, which each sink renders its own way
 * (./text-sink.ts, ./json-sink.ts).
 */
import type { ApplyEvent } from '../../../app/apply/index.js';
import { isMessage, type MessageEvent } from '../../../app/session/index.js';
import { accountLabel } from '../../../core/account/plan-account.js';
import { detail, info, log } from '../../output/io.js';
import { showMessage } from '../../output/messages.js';
import { showWaitDnsEvent } from '../wait-dns.js';
import { printInterrupted, printNotStarted, printReplanned, printStopped } from './apply-lines.js';

/** Said on stderr whatever the format. */
type Said = MessageEvent | Extract<ApplyEvent, { kind: 'lock-waiting' | 'lock-lost' | 'account-writing' | 'replanned' | 'not-started' }>;
/** Said on stderr whatever the format, and recorded by the JSON sink. */
type SaidAndRecorded = Extract<ApplyEvent, { kind: 'stopped' | 'interrupted' | 'wait-dns' }>;

/** Events of the run's state and progress only: no sink shows them. */
const STATE_ONLY = [
  'started',
  'lock-taken',
  'lock-released',
  'zone-creating',
  'zone-creation-ended',
  'writes-started',
  'writes-ended',
  'progress',
] as const;
type StateOnly = Extract<ApplyEvent, { kind: (typeof STATE_ONLY)[number] }>;

/** What a sink renders. */
export type SinkEvent = Exclude<ApplyEvent, Said | StateOnly>;

const SAID: readonly string[] = ['lock-waiting', 'lock-lost', 'account-writing', 'replanned', 'not-started'];

function isSaid(event: ApplyEvent): event is Said {
  return isMessage(event) || SAID.includes(event.kind);
}

/** Says the event on stderr if it is said whatever the format; what is left for the sink (undefined: nothing). */
export function sinkEventOf(event: ApplyEvent): SinkEvent | undefined {
  if (isSaid(event)) {
    say(event);
    return undefined;
  }
  if (event.kind === 'stopped' || event.kind === 'interrupted' || event.kind === 'wait-dns') say(event);
  return (STATE_ONLY as readonly string[]).includes(event.kind) ? undefined : (event as SinkEvent);
}

function say(event: Said | SaidAndRecorded): void {
  switch (event.kind) {
    case 'replanned':
      printReplanned(event.zone, event.plan);
      return;
    case 'not-started':
      printNotStarted(event.runs);
      return;
    case 'stopped':
      printStopped(event.signal, event.at, event.notStarted);
      return;
    case 'interrupted':
      printInterrupted(event.signal, event.detail);
      return;
    case 'lock-waiting':
      info(event.message);
      return;
    case 'wait-dns':
      showWaitDnsEvent(event.event);
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
