/**
 * The GitLab CI pipeline `zonectl init --ci gitlab` writes (issue 44; issue 39 items 4 and 5): plan
 * on merge requests (ONE merge request note holding the findings above the plan), apply on the
 * default branch in a protected environment, nightly drift in a scheduled pipeline, for the
 * repository as it is (ci-repository.ts).
 *
 * What every job of a merge request pipeline can see (the read tokens, the note token) stays out
 * of the merge request's reach:
 * - zonectl is the tarball the pipeline names by its SHA-256 (`VENDORED_ZONECTL_SHA256`), checked
 *   before npm installs it from outside the checkout; a replaced file stops the job before any of
 *   it runs (issue 39 item 5);
 * - every file a job writes goes into a directory it makes (`zonectl-report/`, the artifacts; the
 *   apply job's `/tmp/zonectl-$CI_JOB_ID`), and `mkdir` refuses a name the checkout already holds,
 *   so a committed link never redirects a write (issue 39 item 4);
 * - the note is updated only when the note token's own user wrote it.
 * Project CI/CD variables take precedence over the YAML's
 * (https://docs.gitlab.com/ci/variables/#cicd-variable-precedence); `allow_failure:exit_codes`
 * lets drift exit 2 (https://docs.gitlab.com/ci/yaml/#allow_failureexit_codes). Pure.
 */
import { type CiFile, type CiRepository, ENVIRONMENT, PLAN_MARKER, readSecretOf, usedBy, writeSecretOf } from './ci-repository.js';
import { shellWord, yamlList, yamlString } from './ci-text.js';
import { gitLabChanges } from './triggers.js';

export const GITLAB_PIPELINE_FILE = '.gitlab-ci.yml';

/** The directory the plan and drift jobs write into (their artifacts). */
const REPORT_DIR = 'zonectl-report';

/** What stands for the SHA-256 until `init --ci gitlab` finds the tarball: `sha256sum --check` refuses it. */
const NO_SHA256 = 'the SHA-256 of the tarball (zonectl init --ci gitlab writes it)';

/** A script line as a YAML list item: a literal block, so that no `: ` or `#` of the shell is YAML's. */
const item = (indent: string, lines: readonly string[]): string[] => [`${indent}- |-`, ...lines.map((l) => `${indent}  ${l}`)];

/** `mkdir DIR`, refused (the job stops) when the checkout holds DIR: nothing is written through a link. */
const makeReportDir = (indent: string): string[] =>
  item(indent, [
    `mkdir ${REPORT_DIR} || { echo "zonectl: ${REPORT_DIR} already exists in the checkout: refused (the job writes only into a directory it makes)" >&2; exit 1; }`,
  ]);

function header(repo: CiRepository): string[] {
  const width = Math.max(
    'GITLAB_NOTE_TOKEN'.length,
    ...repo.credentials.flatMap((c) => [readSecretOf(c).length, writeSecretOf(c).length]),
    ...repo.variables.map((v) => v.length),
  );
  const pad = (name: string): string => name.padEnd(width + 2);
  return [
    '# zonectl on GitLab CI:',
    '# - plan, on merge requests that change a file a zone depends on: validate, lint and plan, posted as',
    '#   ONE merge request note (found by its marker <!-- zonectl plan -->, updated by id) holding the',
    '#   findings above the plan; the job fails after the note when validate, lint or the plan failed.',
    `# - apply, on the default branch, in the protected environment ${ENVIRONMENT}.`,
    '# - drift, in a scheduled pipeline with the variable ZONECTL_JOB=drift: exit 2 (drift) is a warning,',
    '#   any other failure fails; the JUnit report shows each drifted zone as a failed test.',
    '#',
    `# Written by \`zonectl init --ci gitlab\` (zonectl ${repo.version}) from this repository's zonectl.yaml,`,
    '# zone files and fragments: run it again after adding an account or moving files (it shows the',
    '# difference, and writes it with --force).',
    '#',
    '# zonectl comes from the tarball VENDORED_ZONECTL (`npm pack` of a zonectl release you reviewed,',
    '# committed to the repository), installed only when its SHA-256 is VENDORED_ZONECTL_SHA256: a merge',
    '# request can replace the file, never make a job run it. Every file a job writes goes into a',
    `# directory the job makes (${REPORT_DIR}/, /tmp/zonectl-$CI_JOB_ID), refused when it already exists.`,
    '# Keep this file where merge requests cannot change it (SECURITY.md, "What a recipe trusts").',
    '#',
    '# CI/CD variables (Settings > CI/CD > Variables, all masked):',
    ...repo.credentials.map((c) => `#   ${pad(readSecretOf(c))}read-only (Zone Read + DNS Read), plan and drift: ${usedBy(c)}`),
    ...repo.credentials.map(
      (c) => `#   ${pad(writeSecretOf(c))}DNS Write (Zone Write to create zones): PROTECTED, environment ${ENVIRONMENT}: ${usedBy(c)}`,
    ),
    `#   ${pad('GITLAB_NOTE_TOKEN')}optional: a project access token (api scope, Reporter) to post the note`,
    ...repo.variables.map((v) => `#   ${pad(v)}not a secret: read by the zone files or zonectl.yaml as \${${v}}`),
    '# Never give a secret a name starting with ZONECTL_: zone files read those (SECURITY.md). Merge',
    "# requests from forks run in the fork's project, without these variables: validate and lint run there.",
  ];
}

/** `A="$A_READ" B="$B_READ"`: each credential variable from its read-only (or write) variable. */
const credentialsFrom = (repo: CiRepository, secretOf: (c: CiRepository['credentials'][number]) => string): string =>
  repo.credentials.map((c) => `${c.tokenEnv}="$${secretOf(c)}"`).join(' ');

function planJob(repo: CiRepository): string[] {
  const paths = repo.paths.map(shellWord).join(' ');
  const noToken = repo.credentials.map((c) => `[ -z "\${${readSecretOf(c)}:-}" ]`).join(' && ');
  const marker = PLAN_MARKER;
  return [
    'plan:',
    '  stage: plan',
    '  rules:',
    '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
    '      changes: *zone-dependencies',
    '  script:',
    ...makeReportDir('    '),
    '    # Validate, lint and plan each go on when one fails: the note always holds what they found.',
    '    - failed=0',
    `    - zonectl validate ${paths} --report markdown=${REPORT_DIR}/findings.md || failed=1`,
    `    - zonectl lint ${paths} || failed=1`,
    ...item('    ', [`if ${noToken}; then echo "no read-only token (a fork?): no plan, no note"; exit "$failed"; fi`]),
    ...item('    ', [
      `status=0; ${credentialsFrom(repo, readSecretOf)} zonectl plan ${paths} --format markdown --detailed-exitcode > ${REPORT_DIR}/plan.md || status=$?`,
    ]),
    '    - if [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then failed=1; fi',
    '    - |',
    '      if [ -n "${GITLAB_NOTE_TOKEN:-}" ]; then',
    '        api="$CI_API_V4_URL"',
    '        notes="$api/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes"',
    `        # The note: the findings above the plan (or why there is none), in ${REPORT_DIR}/ beside them.`,
    '        {',
    `          echo '${marker}'`,
    `          if [ -s ${REPORT_DIR}/findings.md ]; then cat ${REPORT_DIR}/findings.md; echo; fi`,
    `          if [ -s ${REPORT_DIR}/plan.md ]; then cat ${REPORT_DIR}/plan.md`,
    `          else printf '%s\\n\\n%s\\n' '### zonectl plan' 'No plan: zonectl could not plan (the files above that do not validate, or the error in the job log).'; fi`,
    `        } | node -e 'process.stdout.write(JSON.stringify({ body: require("fs").readFileSync(0, "utf8") }))' > ${REPORT_DIR}/note.json`,
    "        # Only a note the token's own user wrote is updated: anyone can write the marker.",
    `        me=$(curl --fail --silent --show-error --header "PRIVATE-TOKEN: $GITLAB_NOTE_TOKEN" "$api/user" | node -e 'process.stdout.write(String(JSON.parse(require("fs").readFileSync(0, "utf8")).username))')`,
    `        id=$(curl --fail --silent --show-error --header "PRIVATE-TOKEN: $GITLAB_NOTE_TOKEN" "$notes?per_page=100&sort=asc" | ME="$me" node -e 'const n = JSON.parse(require("fs").readFileSync(0, "utf8")).find((x) => !x.system && x.author && x.author.username === process.env.ME && x.body.startsWith("${marker}")); process.stdout.write(n ? String(n.id) : "")')`,
    '        if [ -n "$id" ]; then method=PUT; url="$notes/$id"; else method=POST; url="$notes"; fi',
    '        curl --fail --silent --show-error --request "$method" --header "PRIVATE-TOKEN: $GITLAB_NOTE_TOKEN" \\',
    `          --header "Content-Type: application/json" --data @${REPORT_DIR}/note.json "$url" > /dev/null`,
    `        rm -f ${REPORT_DIR}/note.json`,
    '      fi',
    '    # The job fails after the note when validate, lint or the plan failed.',
    '    - exit "$failed"',
    '  artifacts:',
    '    when: always',
    `    paths: [${REPORT_DIR}/]`,
  ];
}

function applyJob(repo: CiRepository): string[] {
  const paths = repo.paths.map(shellWord).join(' ');
  return [
    'apply:',
    '  stage: apply',
    '  resource_group: zonectl-apply',
    '  environment:',
    `    name: ${ENVIRONMENT}`,
    '  rules:',
    '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $CI_PIPELINE_SOURCE == "push"',
    '      changes: *zone-dependencies',
    '  variables:',
    '    # The saved plan and new token secrets: in a directory of this job outside the project (and its',
    '    # artifacts), made by the job (refused if it exists: runners that share /tmp), removed afterwards.',
    '    JOB_DIR: /tmp/zonectl-$CI_JOB_ID',
    '  script:',
    '    - mkdir -m 700 "$JOB_DIR"',
    `    - export ${credentialsFrom(repo, writeSecretOf)}`,
    `    - zonectl plan ${paths} --out "$JOB_DIR/plan.json"`,
    '    - zonectl apply --plan "$JOB_DIR/plan.json" --yes --token-output "$JOB_DIR/tokens.json"',
    '  after_script:',
    '    - rm -rf "$JOB_DIR"',
  ];
}

function driftJob(repo: CiRepository): string[] {
  const paths = repo.paths.map(shellWord).join(' ');
  return [
    'drift:',
    '  stage: drift',
    '  rules:',
    '    - if: $CI_PIPELINE_SOURCE == "schedule" && $ZONECTL_JOB == "drift"',
    '  # Exit 2 means drift: the pipeline shows a warning instead of failing; any other code fails.',
    '  allow_failure:',
    '    exit_codes: [2]',
    "  # One run, three reports: Markdown, JUnit (each zone a test case, drift a failure: the pipeline's",
    '  # Tests tab) and the HTML page (Browse the job\'s artifacts, or the "exposed" link).',
    '  script:',
    ...makeReportDir('    '),
    ...item('    ', [
      `${credentialsFrom(repo, readSecretOf)} zonectl drift ${paths} --format markdown --report junit=${REPORT_DIR}/drift-junit.xml --report html=${REPORT_DIR}/drift-report.html > ${REPORT_DIR}/drift.md`,
    ]),
    '  artifacts:',
    '    when: always',
    '    expose_as: zonectl drift report',
    `    paths: [${REPORT_DIR}/drift-report.html, ${REPORT_DIR}/drift.md]`,
    '    reports:',
    `      junit: ${REPORT_DIR}/drift-junit.xml`,
  ];
}

/** The pipeline of the repository. */
export function gitLabPipeline(repo: CiRepository): CiFile {
  const lines = [
    ...header(repo),
    'variables:',
    `  VENDORED_ZONECTL: ${yamlString(repo.tarball.path)}`,
    `  VENDORED_ZONECTL_SHA256: ${yamlString(repo.tarball.sha256 ?? NO_SHA256)}`,
    '',
    'default:',
    '  image: node:26',
    '  before_script:',
    '    # The tarball this pipeline names by its SHA-256, or nothing: a merge request can replace the file,',
    "    # never make the job run it. npm runs outside the checkout (no .npmrc of the merge request's).",
    ...item('    ', [
      'if [ -L "$VENDORED_ZONECTL" ] || [ ! -f "$VENDORED_ZONECTL" ]; then echo "zonectl: $VENDORED_ZONECTL is not a regular file: not installed" >&2; exit 1; fi',
    ]),
    ...item('    ', [
      'echo "$VENDORED_ZONECTL_SHA256  $VENDORED_ZONECTL" | sha256sum --check --strict --status || { echo "zonectl: $VENDORED_ZONECTL does not have the SHA-256 this pipeline names (VENDORED_ZONECTL_SHA256): not installed" >&2; exit 1; }',
    ]),
    '    - tarball="$PWD/$VENDORED_ZONECTL"; (cd / && npm install --global "$tarball" --offline --no-audit --no-fund)',
    '    - zonectl version',
    '',
    'stages: [plan, apply, drift]',
    '',
    '# Every file a zone depends on: the folders of the zone files and fragments, zonectl.yaml.',
    "# Ruby's File.fnmatch with FNM_PATHNAME: `**/` spans directories, `**` alone does not.",
    `.zone-dependencies: &zone-dependencies ${yamlList(gitLabChanges(repo))}`,
    '',
    ...planJob(repo),
    '',
    ...applyJob(repo),
    '',
    ...driftJob(repo),
  ];
  return { path: GITLAB_PIPELINE_FILE, text: `${lines.join('\n')}\n` };
}
