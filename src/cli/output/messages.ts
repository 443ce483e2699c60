/** The message events of every session (src/app/session), on stderr: notes hidden by --quiet, detail only with --verbose. */
import type { MessageEvent } from '../../app/session/index.js';
import { assertNever } from '../../core/errors.js';
import { formatProblem } from '../../core/yaml/index.js';
import { errorLine } from './error-line.js';
import { detail, info, log } from './io.js';

export function showMessage(event: MessageEvent): void {
  switch (event.kind) {
    case 'note':
      info(event.text);
      return;
    case 'warning':
      log(event.text);
      return;
    case 'error':
      log(errorLine(event.code, event.message));
      return;
    case 'detail':
      detail(event.text);
      return;
    case 'problem':
      log(formatProblem(event.problem));
      return;
    default:
      assertNever(event, 'message');
  }
}

/** An output that shows only messages (a session whose other events its renderer reads from the result). */
export const messagesOnly = { emit: showMessage };
