/** What an export tells: messages, and a file written to stdout (no `--out`). */
import type { MessageEvent } from '../session/index.js';

/** A zone file (or account file) written to stdout (no `out`), besides the messages. */
export type ExportEvent = MessageEvent | { readonly kind: 'zone-text'; readonly text: string };
