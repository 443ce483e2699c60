/**
 * The GitHub Actions workflows `zonectl init --ci github` writes (issue 44): plan on pull requests,
 * apply on merge, nightly drift, for the repository as it is (ci-repository.ts). Every zonectl step
 * runs this repository's action (`uses:` pinned to the release that wrote the file, or the ref
 * given); values reach scripts only through `env:`; checkout keeps no credential; every file a job
 * writes is in `RUNNER_TEMP` (fresh for each job), never a path of the checkout.
 *
 * - Plan: validate, lint and plan each continue on error, so that ONE comment always holds the
 *   findings above the plan (scripts/github-plan-comment.mjs, from the action's checkout); the check
 *   fails after it when one of them failed (`steps.<id>.outcome`, before `continue-on-error` is
 *   applied: https://docs.github.com/en/actions/reference/workflows-and-actions/contexts#steps-context).
 *   A composite action's outputs are set even when one of its steps failed (the runner evaluates
 *   them after its steps whatever their result: actions/runner,
 *   src/Runner.Worker/Handlers/CompositeActionHandler.cs), so the failed validate step still names
 *   the action's checkout. Forks get no secrets: no plan, no comment.
 * - Apply: in the protected environment that alone holds the write tokens, one at a time.
 * - Drift: every account with its read-only token; one issue per drifted zone; the baseline in the
 *   Actions cache.
 * Pure: text out of data.
 */
import { type CiCredential, type CiFile, type CiRepository, ENVIRONMENT, readSecretOf, usedBy, writeSecretOf } from './ci-repository.js';
import { yamlList } from './ci-text.js';
import { gitHubPaths } from './triggers.js';

const CHECKOUT = ['      - uses: actions/checkout@v6', '        with:', '          persist-credentials: false'];

/** The header every workflow starts with: who wrote it and how to write it again. */
function header(repo: CiRepository, what: string[]): string[] {
  return [
    `# ${what[0]}`,
    ...what.slice(1).map((l) => (l === '' ? '#' : `# ${l}`)),
    '#',
    `# Written by \`zonectl init --ci github\` (zonectl ${repo.version}) from this repository's zonectl.yaml,`,
    '# zone files and fragments: run it again after adding an account or moving files (it shows the',
    '# difference, and writes it with --force). Pin the action to a commit SHA of the zonectl repository',
    '# you reviewed: zonectl init --ci github --action OWNER/zonectl@SHA.',
  ];
}

/** The secrets and variables a job reads, for its header. */
function secretLines(repo: CiRepository, secretOf: (c: CiCredential) => string, kind: string): string[] {
  const width = Math.max(...repo.credentials.map((c) => secretOf(c).length), ...repo.variables.map((v) => v.length)) + 2;
  return [
    `Secrets, ${kind}:`,
    ...repo.credentials.map((c) => `  ${secretOf(c).padEnd(width)}${usedBy(c)}`),
    ...(repo.variables.length > 0
      ? [
          'Variables (Settings > Secrets and variables > Actions > Variables; not secrets):',
          ...repo.variables.map((v) => `  ${v.padEnd(width)}read by the zone files or zonectl.yaml as \${${v}}`),
        ]
      : []),
    'Never name a secret ZONECTL_*: zone files read those (SECURITY.md).',
  ];
}

/** A job's `env:`: each credential variable from its secret, each ZONECTL_* from its repository variable. */
function jobEnv(repo: CiRepository, secretOf: (c: CiCredential) => string): string[] {
  return [
    '    env:',
    ...repo.credentials.map((c) => `      ${c.tokenEnv}: \${{ secrets.${secretOf(c)} }}`),
    ...repo.variables.map((v) => `      ${v}: \${{ vars.${v} }}`),
  ];
}

/** A step that runs the action. */
function actionStep(
  repo: CiRepository,
  step: { name: string; id?: string; if?: string; continueOnError?: boolean; command: string; args?: string },
): string[] {
  return [
    `      - name: ${step.name}`,
    ...(step.id !== undefined ? [`        id: ${step.id}`] : []),
    ...(step.if !== undefined ? [`        if: ${step.if}`] : []),
    ...(step.continueOnError === true ? ['        continue-on-error: true'] : []),
    `        uses: ${repo.action}`,
    '        with:',
    `          command: ${step.command}`,
    ...(step.command === 'apply' ? [] : [`          paths: ${repo.paths.join(' ')}`]),
    ...(step.args !== undefined ? [`          args: ${step.args}`] : []),
  ];
}

/** `env.A != '' || env.B != ''`: some account has a token (a fork's job has none). */
const anyToken = (repo: CiRepository): string => repo.credentials.map((c) => `env.${c.tokenEnv} != ''`).join(' || ');

function planWorkflow(repo: CiRepository): string[] {
  return [
    ...header(repo, [
      'zonectl plan: on every pull request that changes a file a zone depends on, validate, lint and',
      'plan, and ONE comment holding the findings above the plan (found by its marker <!-- zonectl plan -->',
      "among this workflow's own comments, updated by id). The check fails after the comment when",
      'validate, lint or the plan failed: the findings never hide the plan.',
      'Pull requests from forks get no secrets: validate and lint run, no plan, no comment. Never switch',
      "this to pull_request_target: it would run a fork's files with your secrets.",
      '',
      ...secretLines(repo, readSecretOf, 'READ-ONLY tokens (Zone Read + DNS Read of the account): a plan never writes'),
    ]),
    'name: zonectl plan',
    'on:',
    '  pull_request:',
    '    # Every file a zone depends on: the folders of the zone files and fragments, zonectl.yaml.',
    `    paths: ${yamlList(gitHubPaths(repo))}`,
    'permissions:',
    '  contents: read',
    '  pull-requests: write',
    'concurrency:',
    '  group: zonectl-plan-${{ github.event.pull_request.number }}',
    '  cancel-in-progress: true',
    'jobs:',
    '  plan:',
    '    runs-on: ubuntu-latest',
    ...jobEnv(repo, readSecretOf),
    '    steps:',
    ...CHECKOUT,
    ...actionStep(repo, {
      name: 'Validate (no API call)',
      id: 'validate',
      continueOnError: true,
      command: 'validate',
      args: '--report markdown=${{ runner.temp }}/zonectl-findings.md',
    }),
    ...actionStep(repo, { name: 'Lint (no API call)', id: 'lint', continueOnError: true, command: 'lint' }),
    ...actionStep(repo, {
      name: 'Plan',
      id: 'plan',
      if: anyToken(repo),
      continueOnError: true,
      command: 'plan',
      args: '--report markdown=${{ runner.temp }}/zonectl-plan.md',
    }),
    '      - name: One comment with the findings and the plan',
    "        if: steps.plan.outcome != 'skipped' && github.event.pull_request.head.repo.full_name == github.repository",
    '        env:',
    '          GH_TOKEN: ${{ github.token }}',
    '          PR: ${{ github.event.pull_request.number }}',
    '          FINDINGS_FILE: ${{ runner.temp }}/zonectl-findings.md',
    '          PLAN_FILE: ${{ runner.temp }}/zonectl-plan.md',
    '          PLAN_OUTCOME: ${{ steps.plan.outcome }}',
    '          ACTION_PATH: ${{ steps.validate.outputs.action-path }}',
    '        run: node "$ACTION_PATH/scripts/github-plan-comment.mjs"',
    '      - name: Fail the check when validate, lint or the plan failed (after the comment)',
    "        if: steps.validate.outcome == 'failure' || steps.lint.outcome == 'failure' || steps.plan.outcome == 'failure'",
    '        env:',
    '          VALIDATE: ${{ steps.validate.outcome }}',
    '          LINT: ${{ steps.lint.outcome }}',
    '          PLAN: ${{ steps.plan.outcome }}',
    '        run: |',
    '          echo "::error title=zonectl::validate $VALIDATE, lint $LINT, plan $PLAN: the comment and the log above say why"',
    '          exit 1',
  ];
}

function applyWorkflow(repo: CiRepository): string[] {
  return [
    ...header(repo, [
      'zonectl apply: on merge, plan against the live zones (saved), apply exactly that plan (a zone',
      'the pull request adds is created), verify. One apply at a time (the concurrency group), and',
      "zonectl's own zone lock serializes applies that come from elsewhere.",
      `The write tokens live in a protected environment (Settings > Environments > ${ENVIRONMENT}:`,
      `required reviewers, deployment branches: ${repo.branch} only), so no other branch or workflow gets them.`,
      '',
      ...secretLines(
        repo,
        writeSecretOf,
        `of the environment ${ENVIRONMENT}, WRITE tokens (DNS Write; Zone Write to create zones; API Tokens Write if the files manage tokens)`,
      ),
      'New token secrets go to a file in RUNNER_TEMP, outside the workspace.',
    ]),
    'name: zonectl apply',
    'on:',
    '  push:',
    `    branches: [${repo.branch}]`,
    '    # Every file a zone depends on: the folders of the zone files and fragments, zonectl.yaml.',
    `    paths: ${yamlList(gitHubPaths(repo))}`,
    'permissions:',
    '  contents: read',
    'concurrency:',
    '  group: zonectl-apply',
    '  cancel-in-progress: false',
    'jobs:',
    '  apply:',
    '    runs-on: ubuntu-latest',
    `    environment: ${ENVIRONMENT}`,
    ...jobEnv(repo, writeSecretOf),
    '    steps:',
    ...CHECKOUT,
    ...actionStep(repo, {
      name: 'Plan (saved, so the apply is exactly what was shown)',
      command: 'plan',
      args: '--out ${{ runner.temp }}/plan.json',
    }),
    ...actionStep(repo, {
      name: 'Apply (refused when live state changed since the plan)',
      command: 'apply',
      args: '--plan ${{ runner.temp }}/plan.json --yes --token-output ${{ runner.temp }}/tokens.json',
    }),
  ];
}

/** The branch of the one adopt pull request (`--adopt-pr`): one for the zones this workflow checks. */
export const ADOPT_BRANCH = 'zonectl/adopt-drift';

/**
 * `--adopt-pr`: a job after the drift job, only when it found drift, and the only job that may
 * write: `drift --adopt` in its checkout, then scripts/github-adopt-pr.mjs commits the changed zone
 * files through the REST API (no git credential on the runner) on ONE branch and opens or updates
 * ONE pull request linking the drift issues. A refused adoption is said on the issues and fails the
 * job. Job permissions replace the workflow's (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-syntax#jobsjob_idpermissions).
 */
function adoptJob(repo: CiRepository): string[] {
  return [
    '  adopt:',
    '    # Only with drift; after the drift job, so that the issues it links are up to date.',
    '    needs: drift',
    "    if: needs.drift.outputs.changes == 'true'",
    '    runs-on: ubuntu-latest',
    '    permissions:',
    '      contents: write',
    '      pull-requests: write',
    '      issues: write',
    '    concurrency:',
    '      group: zonectl-adopt',
    '      cancel-in-progress: false',
    ...jobEnv(repo, readSecretOf),
    '    steps:',
    ...CHECKOUT,
    ...actionStep(repo, {
      name: 'Adopt the drift into the zone files (drift --adopt)',
      id: 'adopt',
      continueOnError: true,
      command: 'adopt',
    }),
    '      - name: One pull request with the adopted change (updated in place; a refusal said on the drift issues)',
    '        env:',
    '          GH_TOKEN: ${{ github.token }}',
    '          ADOPT_OUTCOME: ${{ steps.adopt.outcome }}',
    '          ADOPT_LOG: ${{ steps.adopt.outputs.markdown-file }}',
    `          ADOPT_BRANCH: ${ADOPT_BRANCH}`,
    '          BASE_BRANCH: ${{ github.ref_name }}',
    '          BASE_SHA: ${{ github.sha }}',
    '          ACTION_PATH: ${{ steps.adopt.outputs.action-path }}',
    '        run: node "$ACTION_PATH/scripts/github-adopt-pr.mjs"',
  ];
}

function driftWorkflow(repo: CiRepository): string[] {
  const adopt = repo.adoptPr === true;
  return [
    ...header(repo, [
      'zonectl drift: every night, compare every zone with its file. Keeps ONE issue per drifted zone',
      '(found by a hidden marker, updated in place, reopened when the drift returns, closed with a',
      'comment when the zone is back in sync), uploads the HTML report, writes the job summary, and',
      "marks drift new or still present against last night's report (kept in the Actions cache).",
      '',
      ...secretLines(repo, readSecretOf, 'READ-ONLY tokens (Zone Read + DNS Read of the account)'),
      'Optional secret: SLACK_WEBHOOK_URL (a Slack incoming webhook: the report is posted there on drift).',
      ...(adopt
        ? [
            '',
            'With drift, the job adopt (init --ci github --adopt-pr) takes it into the zone files (drift --adopt)',
            `and keeps ONE pull request from the branch ${ADOPT_BRANCH} (updated in place each night), linking`,
            'the drift issues; a refused adoption is said on them. Review it as any change: merging it means',
            "the live values become the files' values. Only that job may write (contents, pull requests).",
          ]
        : []),
    ]),
    'name: zonectl drift',
    'on:',
    '  schedule:',
    '    - cron: "17 3 * * *"',
    '  workflow_dispatch: {}',
    'permissions:',
    '  contents: read',
    '  issues: write',
    'jobs:',
    '  drift:',
    '    runs-on: ubuntu-latest',
    ...(adopt ? ['    outputs:', '      changes: ${{ steps.drift.outputs.changes }}'] : []),
    ...jobEnv(repo, readSecretOf),
    '    steps:',
    ...CHECKOUT,
    "      - name: Last night's report (the baseline)",
    '        uses: actions/cache/restore@v6',
    '        with:',
    '          path: ${{ runner.temp }}/zonectl-drift-baseline.json',
    '          key: zonectl-drift-${{ github.run_id }}',
    '          restore-keys: zonectl-drift-',
    '      - name: First night without a baseline (everything is new)',
    '        env:',
    '          BASELINE: ${{ runner.temp }}/zonectl-drift-baseline.json',
    `        run: test -f "$BASELINE" || echo '{"format_version":1,"zones":[]}' > "$BASELINE"`,
    ...actionStep(repo, {
      name: 'Drift',
      id: 'drift',
      command: 'drift',
      args: '--baseline ${{ runner.temp }}/zonectl-drift-baseline.json',
    }),
    '      - name: One issue per drifted zone (updated in place, closed when back in sync)',
    '        env:',
    '          GH_TOKEN: ${{ github.token }}',
    '          REPORT: ${{ steps.drift.outputs.json-file }}',
    '          ACTION_PATH: ${{ steps.drift.outputs.action-path }}',
    '        run: node "$ACTION_PATH/scripts/github-drift-issues.mjs" "$REPORT"',
    '      - name: Post the report to Slack',
    "        if: steps.drift.outputs.changes == 'true'",
    '        env:',
    '          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}',
    '          PAYLOAD: ${{ steps.drift.outputs.slack-file }}',
    '        run: |',
    '          if [ -z "$SLACK_WEBHOOK_URL" ]; then echo "no SLACK_WEBHOOK_URL secret: nothing posted"; exit 0; fi',
    `          curl --fail --silent --show-error --header 'Content-Type: application/json' --data @"$PAYLOAD" "$SLACK_WEBHOOK_URL"`,
    "      - name: Tonight's report is tomorrow's baseline",
    '        env:',
    '          REPORT: ${{ steps.drift.outputs.json-file }}',
    '          BASELINE: ${{ runner.temp }}/zonectl-drift-baseline.json',
    '        run: cp "$REPORT" "$BASELINE"',
    '      - uses: actions/cache/save@v6',
    '        with:',
    '          path: ${{ runner.temp }}/zonectl-drift-baseline.json',
    '          key: zonectl-drift-${{ github.run_id }}',
    '      - name: Upload the HTML report',
    '        if: always()',
    '        uses: actions/upload-artifact@v7',
    '        with:',
    '          name: zonectl-drift-report',
    '          path: ${{ steps.drift.outputs.html-file }}',
    '          if-no-files-found: warn',
    ...(adopt ? adoptJob(repo) : []),
  ];
}

/** Where the workflows go. */
export const GITHUB_WORKFLOW_FILES = {
  plan: '.github/workflows/zonectl-plan.yml',
  apply: '.github/workflows/zonectl-apply.yml',
  drift: '.github/workflows/zonectl-drift.yml',
} as const;

/** The three workflows of the repository. */
export function gitHubWorkflows(repo: CiRepository): CiFile[] {
  const text = (lines: string[]): string => `${lines.join('\n')}\n`;
  return [
    { path: GITHUB_WORKFLOW_FILES.plan, text: text(planWorkflow(repo)) },
    { path: GITHUB_WORKFLOW_FILES.apply, text: text(applyWorkflow(repo)) },
    { path: GITHUB_WORKFLOW_FILES.drift, text: text(driftWorkflow(repo)) },
  ];
}
