/**
 * The apply session's output on a terminal or in a CI log (src/app/apply/events.ts): its events
 * as text or one JSON document (./text-sink.ts, ./json-sink.ts), progress on stderr while the
 * zones are written (./progress.ts). The confirmation is not the view's: the command hands the
 * session its prompt (../output/terminal-prompt.ts).
 */
import type { ApplyEvent } from '../../app/apply/index.js';
import type { SessionOutput } from '../../app/session/index.js';
import { ApplyJsonSink } from './apply/json-sink.js';
import { type ApplyProgress, progressFor } from './apply/progress.js';
import { sinkEventOf } from './apply/messages.js';
import { textSink } from './apply/text-sink.js';

export const APPLY_FORMATS = ['text', 'json'] as const;
export type ApplyFormat = (typeof APPLY_FORMATS)[number];

/** Progress from the first write to the last; the bar is cleared before any other line. */
function showProgress(event: ApplyEvent, progress: ApplyProgress | undefined): void {
  switch (event.kind) {
    case 'zone-writing':
      progress?.zoneStart(event.run.config.zone, event.run.plan.operations.length);
      return;
    case 'progress':
      progress?.update(event.zone, event.event);
      return;
    case 'zone-done':
    case 'lock-taken':
    case 'lock-released':
    case 'zone-creating':
    case 'zone-creation-ended':
    case 'account-unchanged':
      return;
    default:
      progress?.stop();
  }
}

export function terminalOutput(format: ApplyFormat): SessionOutput<ApplyEvent> {
  const json = format === 'json';
  const sink = json ? new ApplyJsonSink() : { emit: textSink };
  let progress: ApplyProgress | undefined;
  return {
    emit(event) {
      showProgress(event, progress);
      if (event.kind === 'writes-started') progress = progressFor(json);
      const rendered = sinkEventOf(event);
      if (rendered !== undefined) sink.emit(rendered);
    },
  };
}
