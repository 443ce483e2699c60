/**
 * The wait for the nameservers (`apply --wait-dns`, `zonectl wait-dns`) as lines on stderr: what
 * is asked where, one progress line per nameserver when its count changes, a nameserver that
 * cannot be asked (unresolved, unreachable) at once, nothing to wait for, and what is not served
 * where at the deadline. Names and answers come from zone files, the API and nameservers:
 * io.ts escapes every line.
 */
import { isMessage } from '../../app/session/index.js';
import type { WaitDnsEvent, WaitDnsFilesEvent } from '../../app/wait-dns/index.js';
import { assertNever } from '../../core/errors.js';
import { info, log } from '../output/io.js';
import { showMessage } from '../output/messages.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Shows one event: progress as info (quiet with --quiet), what is missing at the end always. */
export function showWaitDnsEvent(event: WaitDnsEvent): void {
  switch (event.kind) {
    case 'started': {
      const skipped = event.skipped.map((s) => `${s.name} ${s.type} (${s.reason})`);
      info(
        `wait-dns: ${event.zone}: asking ${plural(event.servers.length, 'nameserver')} (${event.servers.join(', ')}) for ${plural(event.checks.length, 'changed name and type')}, up to ${Math.round(event.deadlineMs / 1000)} s`,
      );
      for (const s of skipped) info(`wait-dns: not checked: ${s}`);
      return;
    }
    case 'nothing':
      info(`wait-dns: ${event.zone}: nothing to wait for: ${event.reason}`);
      for (const s of event.skipped) info(`wait-dns: not checked: ${s.name} ${s.type} (${s.reason})`);
      return;
    case 'resolved':
      info(`wait-dns: ${event.server} is ${event.address}`);
      return;
    case 'unresolved':
      log(`wait-dns: ${event.server}: cannot be asked: ${event.why}`);
      return;
    case 'unreachable':
      log(`wait-dns: ${event.server}: cannot be reached: ${event.why}`);
      return;
    case 'progress': {
      const first = event.pending[0];
      const waiting =
        first !== undefined
          ? `; waiting for ${first.name} ${first.type}: ${first.why}${event.pending.length > 1 ? ` (and ${event.pending.length - 1} more)` : ''}`
          : '';
      info(`wait-dns: ${event.server}: ${event.served}/${event.total} served${waiting}`);
      return;
    }
    case 'served':
      info(`wait-dns: ${event.server}: ${event.total}/${event.total} served`);
      return;
    case 'timed-out':
      for (const n of event.notServed) {
        // A nameserver that cannot be asked is one line (its checks were not asked there).
        if (n.unresolved !== undefined) log(`wait-dns: ${n.server}: not asked: ${n.unresolved}`);
        else if (n.unreachable !== undefined) log(`wait-dns: ${n.server}: not asked again: ${n.unreachable}`);
        else for (const c of n.checks) log(`wait-dns: ${n.server}: does not serve ${c.name} ${c.type}: ${c.why}`);
      }
      return;
    case 'finished':
      if (event.result.status === 'served') info(`wait-dns: served by ${plural(event.result.servers.length, 'nameserver')}`);
      return;
    default:
      assertNever(event, 'wait-dns event');
  }
}

/** The output of `zonectl wait-dns`: messages as every command shows them, the wait's events as above. */
export function waitDnsOutput(): { emit(event: WaitDnsFilesEvent): void } {
  return { emit: (event) => (isMessage(event) ? showMessage(event) : showWaitDnsEvent(event)) };
}
