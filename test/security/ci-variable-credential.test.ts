/**
 * Attack family 2 (secrets of the environment): `zonectl.yaml` names a CI platform's variable as
 * an account's credential. GitHub sets GITHUB_HEAD_REF to the pull request's branch name, GitLab
 * CI_MERGE_REQUEST_TITLE to its title: values the attacker chooses. Every credential's value is
 * masked as `***` in all output, so naming such a variable hid any text of the attacker's choice
 * (here the target of a phishing CNAME) from the plan its reviewers read; naming CI_JOB_TOKEN or
 * ACTIONS_RUNTIME_TOKEN sent the platform's own token as a bearer token. Now such a name is a
 * `zonectl.yaml` error at its line: nothing is sent, nothing masked.
 * Sources: https://docs.github.com/en/actions/reference/variables-reference,
 * https://docs.gitlab.com/ci/variables/predefined_variables.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { everythingWritten, makeRepo, type PrRepo } from './pr-repo.js';

const TOKEN = 'ci-var-token-3f7a9c1e5b2d4680';
const PHISH = 'phish.attacker.example';
const JOB_TOKEN = 'ci-job-token-canary-8d2f6b4a0c9e';
const ZONE = `version: 1\nzone: example.com\nrecords:\n  - { name: www, type: CNAME, content: ${PHISH} }\n`;

describe('zonectl.yaml naming a CI platform variable as a credential', () => {
  let emu: RunningEmulator;
  let repo: PrRepo;
  let requests = 0;
  const env = (): Record<string, string> => ({
    CLOUDFLARE_BASE_URL: emu.baseUrl,
    CLOUDFLARE_API_TOKEN: TOKEN,
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: join(repo.root, 'summary.md'),
    // What the platform sets: the branch and title the attacker chose, and its own job tokens.
    GITHUB_HEAD_REF: PHISH,
    CI_MERGE_REQUEST_TITLE: PHISH,
    CI_JOB_TOKEN: JOB_TOKEN,
    ACTIONS_RUNTIME_TOKEN: JOB_TOKEN,
  });

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN, logger: () => (requests += 1) });
    repo = makeRepo('zonectl-sec-civar-');
    repo.write('zones/example.com.yaml', ZONE);
    repo.write('summary.md', '');
  });
  afterAll(async () => {
    await emu.close();
    repo.remove();
  });

  it('without zonectl.yaml the plan shows the target (the control)', async () => {
    const r = await runCli(['plan', 'zones/', '--format', 'markdown'], env(), repo.root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`www.example.com CNAME ${PHISH}`);
  });

  it.each([
    ['token_env', 'GITHUB_HEAD_REF'],
    ['token_env', 'CI_MERGE_REQUEST_TITLE'],
    ['token_env', 'CI_JOB_TOKEN'],
    ['token_env', 'ACTIONS_RUNTIME_TOKEN'],
    ['email_env', 'GITHUB_HEAD_REF'],
    ['key_env', 'CI_JOB_TOKEN'],
  ])('%s: %s is refused at its line; nothing is sent, masked or printed', async (field, variable) => {
    const credentials =
      field === 'token_env'
        ? `{ token_env: ${variable} }`
        : field === 'email_env'
          ? `{ email_env: ${variable}, key_env: CF_KEY }`
          : `{ email_env: CF_EMAIL, key_env: ${variable} }`;
    repo.write('zonectl.yaml', `version: 1\naccounts:\n  decoy:\n    credentials: ${credentials}\n`);
    const seen = requests;
    const plan = await runCli(['plan', 'zones/', '--format', 'markdown'], env(), repo.root);
    const validate = await runCli(['validate', 'zones/'], env(), repo.root);
    for (const r of [plan, validate]) {
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toMatch(
        new RegExp(`zonectl\\.yaml:4:\\d+ accounts\\.decoy\\.credentials\\.${field}: ${variable} is a variable of the CI platform`),
      );
    }
    expect(requests - seen).toBe(0);
    const all = everythingWritten([plan, validate], [join(repo.root, 'summary.md')]);
    expect(all).not.toContain('***');
    expect(all).not.toContain(JOB_TOKEN);
  });
});
