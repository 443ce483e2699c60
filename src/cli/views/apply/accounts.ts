/**
 * How apply shows account files (src/core/zonefile/account-file.ts): their plans after the
 * zones', their one PATCH in `--dry-run`, and each one's result, as text and as the JSON
 * document's `accounts` entries.
 */
import { accountApplyFailed, type AccountApplyOutcome } from '../../../app/apply/index.js';
import type { AccountRun } from '../../../app/engine/index.js';
import { accountLabel, accountOperationFields, accountRequestBody } from '../../../core/account/plan-account.js';
import { renderAccountText } from '../../../core/render/render-account.js';
import { errorCode, errorLine } from '../../output/error-line.js';
import { log, out, styleFor } from '../../output/io.js';
import type { JsonApplyAccount } from './json.js';

/** Each account file's plan (text output). */
export function printAccountPlans(runs: readonly AccountRun[]): void {
  for (const run of runs) out(renderAccountText(run.plan, styleFor(process.stdout)));
}

function changedFields(run: AccountRun): string[] {
  return run.plan.operations.flatMap(accountOperationFields);
}

/** `--dry-run`: the account's entry, and (text) its exact call. */
export function accountDryRun(run: AccountRun, print: boolean): JsonApplyAccount {
  if (print) {
    for (const op of run.plan.operations) {
      out(`# ${accountLabel(run.plan.accountId)}: 1 HTTP call (nothing was sent)`);
      out(`${op.method} ${op.path}${op.method === 'DELETE' ? '' : ` ${JSON.stringify(accountRequestBody(op))}`}`);
    }
  }
  return {
    account_id: run.plan.accountId,
    file: run.config.file,
    outcome: run.plan.operations.length > 0 ? 'dry_run' : 'unchanged',
    fields: changedFields(run),
    calls: 0,
    http_calls: run.plan.operations.map((op) => ({ method: op.method, path: op.path, body: accountRequestBody(op) })),
  };
}

export function accountUnchangedEntry(run: AccountRun): JsonApplyAccount {
  return { account_id: run.plan.accountId, file: run.config.file, outcome: 'unchanged', fields: [], calls: 0 };
}

/** An account's result: error lines on stderr, the success line on stdout (text); its entry. */
export function reportAccountOutcome(o: AccountApplyOutcome, print: boolean): JsonApplyAccount {
  const { run } = o;
  const label = accountLabel(run.plan.accountId);
  const problem = o.error ?? o.verifyError;
  const residual = o.residual?.operations ?? [];
  const outcome =
    o.error !== undefined ? 'failed' : o.verifyError !== undefined ? 'not_verified' : accountApplyFailed(o) ? 'not_converged' : 'applied';
  if (o.error !== undefined) {
    log(errorLine(errorCode(o.error), `${label}: the zone defaults were not changed: ${o.error.message}`));
  } else if (o.verifyError !== undefined) {
    log(
      errorLine(
        errorCode(o.verifyError),
        `${label}: applied, but the check afterwards failed: ${o.verifyError.message}; run plan to see the account as it is`,
      ),
    );
  } else if (outcome === 'not_converged') {
    log(errorLine('NOT_CONVERGED', `${label}: applied, but the account did not converge; a new plan is not empty:`));
    for (const op of residual)
      if (op.kind === 'dns_view') log(`  views.${op.name}: a new plan would ${op.action} it`);
      else
        for (const f of op.fields)
          log(`  zone_defaults.${f}: the service keeps ${JSON.stringify(op.before[f])}, the file says ${JSON.stringify(op.after[f])}`);
  } else if (print) {
    const settings = run.plan.operations.flatMap((op) => (op.kind === 'dns_view' ? [] : op.fields)).length;
    const views = run.plan.operations.filter((op) => op.kind === 'dns_view').length;
    const what = [
      ...(settings > 0 || views === 0 ? [`${settings} account DNS setting(s)`] : []),
      ...(views > 0 ? [`${views} DNS view change(s)`] : []),
    ];
    out(`${label}: applied ${what.join(' and ')} in ${o.calls} call${o.calls === 1 ? '' : 's'}; verified: a new plan is empty.`);
  }
  return {
    account_id: run.plan.accountId,
    file: run.config.file,
    fields: changedFields(run),
    calls: o.calls,
    outcome,
    ...(problem !== undefined ? { error: { code: errorCode(problem), message: problem.message } } : {}),
  };
}
