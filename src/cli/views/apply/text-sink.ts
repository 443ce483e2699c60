/**
 * Apply's events as text: the plan and the results on stdout as they come, errors and warnings
 * on stderr (./apply-lines.ts). The JSON sink (./json-sink.ts) renders the same events.
 */
import { describeCreatedZone } from '../../../app/apply/index.js';
import type { ZoneRun } from '../../../app/engine/index.js';
import { describeHttpCalls } from '../../../api/index.js';
import { assertNever } from '../../../core/errors.js';
import { newZoneBody } from '../../../core/plan/plan-zone.js';
import { renderText } from '../../../core/render/render-text.js';
import { out, styleFor } from '../../output/io.js';
import { accountDryRun, printAccountPlans, reportAccountOutcome } from './accounts.js';
import { printOutcomes, printPlanFailures } from './apply-lines.js';
import type { SinkEvent } from './messages.js';

/** `--dry-run`: each zone's exact calls, in steps, on stdout. */
function printDryRun(runs: readonly ZoneRun[], batch: boolean): void {
  for (const run of runs) {
    const create = newZoneBody(run.plan);
    if (create !== undefined)
      out(
        `# ${run.config.zone}: a new zone, created first (the calls below then name the id it gets)\nPOST /zones ${JSON.stringify(create)}`,
      );
    if (run.plan.operations.length === 0) continue;
    const calls = describeHttpCalls(run.plan.operations, { batch, batchLimit: run.batchLimit });
    const steps = calls.length === 0 ? 0 : calls[calls.length - 1].step;
    out(
      `# ${run.config.zone}: ${calls.length} HTTP call${calls.length === 1 ? '' : 's'} in ${steps} step${steps === 1 ? '' : 's'} (nothing was sent)`,
    );
    let step = 0;
    for (const call of calls) {
      if (call.step !== step) {
        step = call.step;
        out(`# step ${step}${step > 1 ? ' (after every call of the step before is acknowledged)' : ''}`);
      }
      out(`${call.method} ${call.path}${call.body !== undefined ? ` ${JSON.stringify(call.body)}` : ''}`);
    }
  }
}

export function textSink(event: SinkEvent): void {
  switch (event.kind) {
    case 'planned': {
      printPlanFailures(event.outcomes);
      const plans = event.outcomes.flatMap((o) => (o.kind === 'planned' ? [o.run.plan] : []));
      if (plans.length > 0) out(renderText(plans, styleFor(process.stdout)));
      return;
    }
    case 'account-plans':
      printAccountPlans(event.runs);
      return;
    case 'dry-run':
      printDryRun(event.runs, event.batch);
      for (const run of event.accounts) accountDryRun(run, true);
      return;
    case 'zone-created':
      out(describeCreatedZone(event.created));
      return;
    case 'token-values':
      for (const [name, value] of Object.entries(event.values)) out(`token ${JSON.stringify(name)}: ${value}`);
      return;
    case 'zone-outcomes':
      printOutcomes(event.outcomes, event.signal, true);
      return;
    case 'account-outcome':
      reportAccountOutcome(event.outcome, true);
      return;
    // `--changed-since`: told on stderr as the files were selected (src/app/files/changed-zones.ts).
    case 'changed-since':
    case 'stopped':
    case 'interrupted':
    case 'wait-dns':
    case 'failed':
    case 'finished':
    case 'account-unchanged':
    case 'zone-writing':
    case 'zone-done':
      return;
    default:
      assertNever(event, 'apply event');
  }
}
