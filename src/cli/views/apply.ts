/**
 * The apply session's output on a terminal or in a CI log (src/app/apply/events.ts): its events
 * as text or one JSON document (./text-sink.ts, ./json-sink.ts), progress on stderr while the
 * zones are written (./progress.ts), and the confirmation asked on stderr and read from stdin.
 */
import { createInterface } from 'node:readline/promises';
import type { ApplyEvent, ApplyOutput } from '../../app/apply/index.js';
import { ApplyJsonSink } from './apply/json-sink.js';
import { type ApplyProgress, progressFor } from './apply/progress.js';
import { sinkEventOf } from './apply/messages.js';
import { textSink } from './apply/text-sink.js';

export const APPLY_FORMATS = ['text', 'json'] as const;
export type ApplyFormat = (typeof APPLY_FORMATS)[number];

async function ask(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(question);
    return answer.trim() === 'yes';
  } finally {
    rl.close();
  }
}

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

export function terminalOutput(format: ApplyFormat): ApplyOutput {
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
    cannotConfirm: () =>
      json ? '--format json shows no plan to confirm' : process.stdin.isTTY ? undefined : 'no terminal to ask for confirmation',
    confirm: ask,
  };
}
