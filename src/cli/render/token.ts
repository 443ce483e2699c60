/** What `zonectl token roll` shows (src/app/token): the new secret on stdout when asked, where it went on stderr. */
import type { SessionOutput } from '../../app/session/index.js';
import type { TokenRollEvent } from '../../app/token/index.js';
import { log, out } from '../output/io.js';

export const tokenRollOutput: SessionOutput<TokenRollEvent> = {
  emit(event) {
    if (event.kind === 'rolled') {
      if (event.value !== undefined) out(`${event.name}: ${event.value}`);
    } else if (event.file !== undefined) {
      log(`Rolled token ${JSON.stringify(event.name)} (id ${event.id}); its new secret was written to ${event.file} (mode 0600).`);
    } else {
      log(`Rolled token ${JSON.stringify(event.name)} (id ${event.id}); the old secret no longer works.`);
    }
  },
};
