/**
 * Attack family 1 through the action: a workflow runs the action with `working-directory: dns`,
 * and a pull request commits `dns` as a symlink to another checkout of the runner. The shell's
 * `cd` follows the link, and zonectl, which sees only the real working directory, took the other
 * checkout (its own `.git`) for the repository: its zone files were validated and planned. The
 * action now refuses a working directory whose real path is outside the workspace, before zonectl
 * runs. The action's steps run as the runner runs them (test/ci-recipes/run-action.ts).
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectionCounter, type ConnectionCounter } from './pr-repo.js';
import { tempDir } from '../support/temp-dir.js';
import { makeActionCheckout, runAction, type ActionContext } from '../ci-recipes/run-action.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HIDDEN_ZONE = 'hidden-other-checkout.example';
const CANARY = 'action-link-canary-5f3a1c7e';

describe('the action with a working directory a pull request linked elsewhere', () => {
  let base: string;
  let ctx: ActionContext;
  let listener: ConnectionCounter;

  beforeAll(async () => {
    base = tempDir('sec-action');
    listener = await startConnectionCounter();
    const checkout = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: listener.baseUrl,
      CLOUDFLARE_API_TOKEN: 'action-link-token-0123456789',
    });
    ctx = checkout;
    // Another checkout on the runner, with its own .git and a zone file.
    const other = join(base, 'other-checkout');
    mkdirSync(join(other, '.git'), { recursive: true });
    mkdirSync(join(other, 'zones'), { recursive: true });
    writeFileSync(
      join(other, 'zones', 'hidden.yaml'),
      `version: 1\nzone: ${HIDDEN_ZONE}\nrecords:\n  - { name: www, type: TXT, content: "${CANARY}" }\n`,
    );
    // The pull request's checkout: .git, and dns -> the other checkout; a real subdirectory too.
    mkdirSync(join(ctx.workspace, '.git'), { recursive: true });
    symlinkSync(other, join(ctx.workspace, 'dns'));
    mkdirSync(join(ctx.workspace, 'real', 'zones'), { recursive: true });
    writeFileSync(join(ctx.workspace, 'real', 'zones', 'example.com.yaml'), 'version: 1\nzone: example.com\nrecords: []\n');
  }, 180_000);
  afterAll(async () => {
    await listener.close();
  });

  it('validate in working-directory real/ (inside the workspace) runs (the control)', async () => {
    const r = await runAction({ command: 'validate', 'working-directory': 'real' }, ctx);
    expect(r.code, r.stderr).toBe(0);
    expect(r.outputs['exit-code']).toBe('0');
  }, 180_000);

  it.each(['validate', 'plan'])(
    '%s in working-directory dns/ (a link to another checkout): refused before zonectl runs',
    async (command) => {
      const r = await runAction({ command, 'working-directory': 'dns' }, ctx);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^zonectl: the working directory is \S+other-checkout, outside the workspace /m);
      expect(r.outputs['exit-code']).toBe('');
      expect(`${r.stderr}${r.summary}${JSON.stringify(r.outputs)}`).not.toContain(HIDDEN_ZONE);
      expect(`${r.stderr}${r.summary}${JSON.stringify(r.outputs)}`).not.toContain(CANARY);
      expect(listener.connections()).toBe(0);
    },
  );
});
