/**
 * Issue 27 item 3: no recipe, example or doc gives a secret a name a zone file may read. A zone
 * file reads `${ZONECTL_*}` (src/core/yaml/interpolate.ts); a pull request writes
 * `${NAME}` into a record and the value lands in the plan, the PR comment, the MR note, DNS. The
 * GitLab recipe named its api-scope note token ZONECTL_NOTE_TOKEN.
 *
 * "Readable by a zone file" is the very function interpolation uses (`forbiddenVariable`). A
 * variable is a secret when a workflow takes it from `secrets.*`, or when its name says it holds
 * one (token, secret, password, key, ...) and the document does not set it to a plain value
 * itself (GitLab `variables:`, a GitHub `env:` without an expression): then it comes from the CI
 * settings, as secrets do.
 */
import { describe, expect, it } from 'vitest';
import { forbiddenVariable } from '../../src/core/yaml/index.js';
import { docSources, yamlBlocks, type DocSource } from './doc-sources.js';

/** Names that say they hold a credential. */
const SECRET_NAME = /(TOKEN|SECRET|PASSW|PASSPHRASE|API_?KEY|PRIVATE|CREDENTIAL|WEBHOOK|_KEY$|_AUTH)/;
/** `$NAME`, `${NAME}`, `${NAME:-...}`, `$env:NAME` in scripts and prose (upper-case names: environment variables). */
const REFERENCE = /\$(?:env:)?\{?([A-Z_][A-Z0-9_]*)/g;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every `env:` / `variables:` mapping of a YAML value, at any depth. */
function variableMaps(value: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) variableMaps(v, out);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'env' || k === 'variables') && isObject(v)) out.push(v);
      variableMaps(v, out);
    }
  }
  return out;
}

/** The secrets a document names, each with the reason it is one. */
function secretNames(source: DocSource): Map<string, string> {
  const fromSecrets = new Map<string, string>();
  const setPlainly = new Set<string>();
  for (const block of yamlBlocks(source)) {
    for (const map of variableMaps(block.value)) {
      for (const [name, v] of Object.entries(map)) {
        const text = typeof v === 'string' ? v : isObject(v) && typeof v.value === 'string' ? v.value : String(v);
        if (/\bsecrets\./.test(text)) fromSecrets.set(name, `set from ${text.trim()}`);
        else if (!text.includes('${{')) setPlainly.add(name);
      }
    }
  }
  const out = new Map(fromSecrets);
  for (const m of source.text.matchAll(/\bsecrets\.([A-Za-z_][A-Za-z0-9_]*)/g)) out.set(m[1]!, 'a secret of the workflow');
  for (const m of source.text.matchAll(REFERENCE)) {
    const name = m[1]!;
    if (!out.has(name) && SECRET_NAME.test(name) && !setPlainly.has(name)) out.set(name, 'its name says it holds a secret');
  }
  return out;
}

/** `file: NAME (why)` for each secret a zone file could read. */
function readableSecrets(source: DocSource): string[] {
  return [...secretNames(source)]
    .filter(([name]) => forbiddenVariable(name) === undefined)
    .map(([name, why]) => `${source.file}: ${name} (${why})`);
}

describe('secret names in recipes, examples and docs', () => {
  const sources = docSources();

  it('covers the recipes and the docs', () => {
    expect(sources.map((s) => s.file)).toEqual(
      expect.arrayContaining([
        'README.md',
        'SECURITY.md',
        'action.yml',
        'examples/ci/gitlab/.gitlab-ci.yml',
        'examples/ci/github/zonectl-plan.yml',
      ]),
    );
  });

  it('the check catches the GitLab recipe as it was (ZONECTL_NOTE_TOKEN), and a secret mapped to a ZONECTL_ name', () => {
    const old = {
      file: 'old.gitlab-ci.yml',
      text: 'plan:\n  variables:\n    ZONECTL_TOKEN_OUTPUT: /tmp/tokens.json\n  script:\n    - curl --header "PRIVATE-TOKEN: $ZONECTL_NOTE_TOKEN" "$notes"\n    - rm -f "$ZONECTL_TOKEN_OUTPUT"\n',
    };
    expect(readableSecrets(old)).toEqual(['old.gitlab-ci.yml: ZONECTL_NOTE_TOKEN (its name says it holds a secret)']);
    const mapped = {
      file: 'w.yml',
      text: 'jobs:\n  p:\n    runs-on: x\n    env:\n      ZONECTL_OWNER: ${{ secrets.DD_OWNER }}\n    steps: []\n',
    };
    expect(readableSecrets(mapped)).toEqual(['w.yml: ZONECTL_OWNER (set from ${{ secrets.DD_OWNER }})']);
  });

  it('no document gives a secret a name a zone file may read', () => {
    expect(sources.flatMap(readableSecrets)).toEqual([]);
  });
});
