/** What `zonectl token roll` shows (src/app/token): the new secret on stdout when asked, where it went on stderr. */
import type { SessionOutput } from '../../app/session/index.js';
import type { TokenRollEvent } from '../../app/token/index.js';
import { assertNever } from '../../core/errors.js';
import { errorLine } from '../output/error-line.js';
import { log, out } from '../output/io.js';

/** How an interrupted roll ended (never a secret). */
function interruptedLine(event: Extract<TokenRollEvent, { kind: 'interrupted' }>): string {
  const token = `token ${JSON.stringify(event.name)}`;
  switch (event.at) {
    case 'before-roll':
      return `interrupted by ${event.signal} before the roll call; ${token} was not rolled, nothing was changed`;
    case 'unanswered':
      return (
        `interrupted by ${event.signal} while rolling ${token}${event.id !== undefined ? ` (id ${event.id})` : ''}: ` +
        'the token may have been rolled and its new secret was not received; roll it again' +
        (event.file !== undefined ? ` (nothing was written to ${event.file})` : '')
      );
    case 'kept':
      return `interrupted by ${event.signal} after the new secret of ${token} was ${event.file !== undefined ? `saved to ${event.file}` : 'shown'}`;
    default:
      return assertNever(event.at, 'roll stop');
  }
}

export const tokenRollOutput: SessionOutput<TokenRollEvent> = {
  emit(event) {
    switch (event.kind) {
      case 'rolled':
        if (event.value !== undefined) out(`${event.name}: ${event.value}`);
        return;
      case 'kept':
        if (event.file !== undefined)
          log(`Rolled token ${JSON.stringify(event.name)} (id ${event.id}); its new secret was written to ${event.file} (mode 0600).`);
        else log(`Rolled token ${JSON.stringify(event.name)} (id ${event.id}); the old secret no longer works.`);
        return;
      case 'waiting':
        log(
          `zonectl: ${event.signal}: waiting up to ${event.graceMs / 1000} s for the answer of the roll call, which holds the new secret (again to stop at once)`,
        );
        return;
      case 'interrupted':
        log(errorLine('INTERRUPTED', interruptedLine(event)));
        return;
      default:
        assertNever(event, 'token roll event');
    }
  },
};
