/** The view of `zonectl export` (both modes): the zone file (or --into's diff) on stdout, messages on stderr. */
import type { ExportEvent } from '../../app/export/index.js';
import type { SessionOutput } from '../../app/session/index.js';
import { out } from '../output/io.js';
import { showMessage } from '../output/messages.js';

export function exportView(): SessionOutput<ExportEvent> {
  return { emit: (event) => (event.kind === 'zone-text' ? out(event.text) : showMessage(event)) };
}
