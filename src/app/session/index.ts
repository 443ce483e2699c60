/**
 * The one shape of a verb (docs/architecture.md, "The shape of a verb"): a session of src/app takes
 * its request, tells what happens as typed events through one injected output, and returns its
 * result. The CLI renders the events (text, JSON, ...) and maps the result to an exit code; a test
 * records them. Nothing in src/app writes to a stream or ends the process.
 */
import type { ErrorCode } from '../../core/errors.js';
import type { Problem } from '../../core/yaml/index.js';

export * from './interrupts.js';
export { type EndEvent, type RunEvent, runToEnd, type StartEvent } from './run-to-end.js';

/** Where a session's events go. */
export interface SessionOutput<E> {
  emit(event: E): void;
}

/**
 * Lines for the user that are not results: notes (hidden by --quiet), warnings, errors that do
 * not end the run, --verbose detail, and a zone file's problem (`FILE:LINE:COL PATH: message`).
 */
export type MessageEvent =
  | { readonly kind: 'note'; readonly text: string }
  | { readonly kind: 'warning'; readonly text: string }
  | { readonly kind: 'error'; readonly code: ErrorCode; readonly message: string }
  | { readonly kind: 'detail'; readonly text: string }
  | { readonly kind: 'problem'; readonly problem: Problem };

export const note = (text: string): MessageEvent => ({ kind: 'note', text });
export const warning = (text: string): MessageEvent => ({ kind: 'warning', text });
export const errorEvent = (code: ErrorCode, message: string): MessageEvent => ({ kind: 'error', code, message });
export const detail = (text: string): MessageEvent => ({ kind: 'detail', text });

/** True for the message events, which every renderer shows the same way. */
export function isMessage(event: { readonly kind: string }): event is MessageEvent {
  return ['note', 'warning', 'error', 'detail', 'problem'].includes(event.kind);
}
export { answeringPrompt, type ConfirmAnswer, type Prompt, type Prompting } from './prompt.js';
