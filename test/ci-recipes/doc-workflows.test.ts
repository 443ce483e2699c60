/**
 * Issue 27 item 4: every workflow the docs show (README.md, SECURITY.md, docs/, examples/, the
 * other READMEs), GitHub Actions and GitLab CI alike, is one that is safe to copy:
 *
 * - zonectl runs through the action (`uses: OWNER/zonectl@…`) or a build vendored in the
 *   repository, installed only once `sha256sum --check` found it to be the tarball the pipeline
 *   names (issue 39 item 5: the merge request can replace the file), never `npx zonectl` (without this
 *   project installed, npx fetches the unrelated registry package of that name and runs it with
 *   the job's token) nor a `zonectl` nothing installed;
 * - `actions/checkout` runs with `persist-credentials: false` (else the job's GITHUB_TOKEN stays
 *   in .git/config, readable by anything the job runs);
 * - `${{ ... }}` never appears in a `run:` script (an expression is pasted into the script before
 *   the shell sees it: a branch name or title of the pull request's choosing becomes code); values
 *   reach scripts through `env:`. The action's own steps follow the same rule.
 *
 * GitHub workflows must also pass GitHub's own parser (@actions/workflow-parser).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { docSources, isGitHubWorkflow, isGitLabPipeline, placeOf, REPO_ROOT, yamlBlocks, type YamlBlock } from './doc-sources.js';

type Step = { uses?: unknown; run?: unknown; with?: Record<string, unknown> };

/** `npx zonectl`, `npx -y zonectl@1`, `npm exec zonectl`: the registry's package, whatever is installed. */
const NPX_ZONECTL = /\b(npx|npm\s+exec|pnpm\s+dlx|yarn\s+dlx|bunx)(\s+-\S+)*\s+zonectl\b/;
/** A line that runs `zonectl` as a command (first on the line or after `;`, `&&`, `|`, `(`, maybe after VAR=value), not a word of a string. */
const RUNS_ZONECTL = /(^\s*|[;&|(`]\s*)([A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'[^']*'|[^\s'"]*)\s+)*zonectl\s+[a-z]/;
/** A global npm install (of the tarball kept in the repository). */
const GLOBAL_INSTALL = /\bnpm\s+(install|i)\b[^\n]*\s(--global|-g)\b/;
/** The tarball checked against the SHA-256 the pipeline names before it is installed (issue 39 item 5). */
const CHECKSUM = /\bsha256sum\b[^\n]*--check\b/;

/** A script's problems, line by line; `installed` says whether zonectl was installed before it. Returns whether it is after. */
function scriptViolations(where: string, script: string, installed: boolean, out: string[]): boolean {
  let ready = installed;
  let checked = false;
  for (const line of script.split('\n')) {
    if (NPX_ZONECTL.test(line)) out.push(`${where}: runs zonectl with npx (the registry's package), not the action or a vendored build`);
    else if (RUNS_ZONECTL.test(line) && !ready)
      out.push(`${where}: runs zonectl that no earlier step installed from a vendored tarball (use the action)`);
    if (CHECKSUM.test(line)) checked = true;
    if (GLOBAL_INSTALL.test(line)) {
      if (!checked) out.push(`${where}: installs a tarball without checking its SHA-256 first (a merge request can replace the file)`);
      ready = true;
    }
  }
  return ready;
}

/** What a GitHub workflow does wrong, one message each. */
function gitHubViolations(place: string, workflow: { jobs: Record<string, Record<string, unknown>> }): string[] {
  const out: string[] = [];
  for (const [name, job] of Object.entries(workflow.jobs)) {
    const steps = (Array.isArray(job.steps) ? job.steps : []) as Step[];
    let installed = false;
    steps.forEach((step, i) => {
      const where = `${place} jobs.${name}.steps[${i}]`;
      const uses = typeof step.uses === 'string' ? step.uses : undefined;
      if (uses?.startsWith('actions/checkout@') === true) {
        const persist = step.with?.['persist-credentials'];
        if (persist !== false && persist !== 'false') out.push(`${where}: actions/checkout without persist-credentials: false`);
      }
      if (typeof step.run === 'string') {
        if (step.run.includes('${{')) out.push(`${where}: \${{ ... }} spliced into run: (pass it through env:)`);
        installed = scriptViolations(where, step.run, installed, out);
      }
    });
  }
  return out;
}

/** What a GitLab pipeline does wrong. */
function gitLabViolations(place: string, pipeline: Record<string, unknown>): string[] {
  const lines = (v: unknown): string => (Array.isArray(v) ? v.map(String).join('\n') : typeof v === 'string' ? v : '');
  const defaults = (pipeline.default ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  for (const [name, job] of Object.entries(pipeline)) {
    if (job === null || typeof job !== 'object' || Array.isArray(job) || name === 'default') continue;
    const j = job as Record<string, unknown>;
    const installed = scriptViolations(`${place} ${name}.before_script`, lines(j.before_script ?? defaults.before_script), false, out);
    for (const key of ['script', 'after_script'] as const) scriptViolations(`${place} ${name}.${key}`, lines(j[key]), installed, out);
  }
  return out;
}

async function gitHubParserErrors(block: YamlBlock): Promise<string[]> {
  const parsed = parseWorkflow({ name: block.file, content: block.text }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (parsed.value === undefined) return errors;
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return [...errors, ...(template.errors ?? []).map((e) => e.Message)];
}

/** The README's workflow before issue 27: every rule broken once. */
const OLD_README_WORKFLOW = `on: pull_request
jobs:
  plan:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with: { fetch-depth: 0 }
      - run: >-
          npx zonectl plan zones/ --changed-since origin/\${{ github.base_ref }}
        env: { CLOUDFLARE_API_TOKEN: "\${{ secrets.CLOUDFLARE_API_TOKEN }}" }
`;

describe('workflows shown in the docs', () => {
  const blocks = docSources().flatMap(yamlBlocks);
  const github = blocks.filter((b) => isGitHubWorkflow(b.value));
  const gitlab = blocks.filter((b) => isGitLabPipeline(b.value));

  it('are found: the recipes of examples/ci and the README’s own workflow', () => {
    expect(github.map((b) => b.file)).toEqual(
      expect.arrayContaining([
        'README.md',
        'examples/ci/github/zonectl-apply.yml',
        'examples/ci/github/zonectl-drift.yml',
        'examples/ci/github/zonectl-plan.yml',
      ]),
    );
    expect(gitlab.map((b) => b.file)).toContain('examples/ci/gitlab/.gitlab-ci.yml');
  });

  it('the rules catch what the README showed before (npx zonectl, persisted credentials, ${{ }} in run:)', () => {
    const violations = gitHubViolations('old', parseYaml(OLD_README_WORKFLOW) as { jobs: Record<string, Record<string, unknown>> });
    expect(violations).toEqual([
      'old jobs.plan.steps[0]: actions/checkout without persist-credentials: false',
      'old jobs.plan.steps[1]: ${{ ... }} spliced into run: (pass it through env:)',
      "old jobs.plan.steps[1]: runs zonectl with npx (the registry's package), not the action or a vendored build",
    ]);
    expect(gitLabViolations('old', { plan: { script: ['CLOUDFLARE_API_TOKEN="$READ" zonectl plan zones/'] } })).toEqual([
      'old plan.script: runs zonectl that no earlier step installed from a vendored tarball (use the action)',
    ]);
    // Issue 39 item 5: the merge request's own tarball, installed unchecked in a job that holds the tokens.
    const unchecked = { default: { before_script: ['npm install --global ./vendor/zonectl-0.1.0.tgz --offline'] } };
    expect(gitLabViolations('mr', { ...unchecked, plan: { script: ['zonectl plan zones/'] } })).toEqual([
      'mr plan.before_script: installs a tarball without checking its SHA-256 first (a merge request can replace the file)',
    ]);
    const vendored = {
      default: {
        before_script: [
          'echo "$VENDORED_ZONECTL_SHA256  $VENDORED_ZONECTL" | sha256sum --check --strict --status || exit 1',
          'tarball="$PWD/$VENDORED_ZONECTL"; (cd / && npm install --global "$tarball" --offline)',
        ],
      },
    };
    expect(gitLabViolations('ok', { ...vendored, plan: { script: ['CLOUDFLARE_API_TOKEN="$READ" zonectl plan zones/'] } })).toEqual([]);
    expect(gitLabViolations('npx', { ...vendored, plan: { script: ['npx -y zonectl plan zones/'] } })).toEqual([
      "npx plan.script: runs zonectl with npx (the registry's package), not the action or a vendored build",
    ]);
  });

  it('every GitHub workflow parses with GitHub’s parser and uses the action, persist-credentials: false and env: for ${{ }}', async () => {
    const problems: string[] = [];
    for (const block of github) {
      for (const e of await gitHubParserErrors(block)) problems.push(`${placeOf(block)}: ${e}`);
      problems.push(...gitHubViolations(placeOf(block), block.value as { jobs: Record<string, Record<string, unknown>> }));
    }
    expect(problems).toEqual([]);
  });

  it('every GitLab pipeline runs zonectl from a vendored tarball checked against its SHA-256, never npx', () => {
    expect(gitlab.flatMap((b) => gitLabViolations(placeOf(b), b.value as Record<string, unknown>))).toEqual([]);
  });

  it("the action's own steps pass ${{ }} values through env:, never in run:", () => {
    const action = parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { runs: { steps: Step[] } };
    const spliced = action.runs.steps.flatMap((s, i) => (typeof s.run === 'string' && s.run.includes('${{') ? [`runs.steps[${i}]`] : []));
    expect(spliced).toEqual([]);
  });
});
