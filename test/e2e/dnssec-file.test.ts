/**
 * The zone file's `dnssec` section through the real CLI (issue 31): validate reads it, refuses a
 * bad one with file, line and field, and runs the DNSSEC rules; lint runs the DNSSEC checks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('dnssec-file');
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('the dnssec section', () => {
  it('a valid section validates', async () => {
    const p = file('ok.yaml', 'version: 1\nzone: example.com\ndnssec:\n  status: active\n  use_nsec3: false\nrecords: []\n');
    const r = await runCli(['validate', p]);
    expect(r.stdout).toContain(`${p}: valid`);
    expect(r.code).toBe(0);
  });

  it('a state the service reports, asked for: an error at its line and field, exit 1', async () => {
    const p = file('pending.yaml', 'version: 1\nzone: example.com\nrecords: []\ndnssec:\n  status: pending\n');
    const r = await runCli(['validate', p]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(`${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:\\d+ dnssec\\.status: must be one of active, disabled`),
    );
    expect(r.stderr).not.toMatch(/at .*\.[cm]?[jt]s:\d+/);
  });

  it('an unknown field of the section: an error naming it', async () => {
    const p = file('unknown.yaml', 'version: 1\nzone: example.com\ndnssec:\n  status: active\n  nsec3: true\n');
    const r = await runCli(['validate', p]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/unknown\.yaml:5:\d+ dnssec\.nsec3: /);
  });

  it('DNSKEY records with multi_signer: false are refused at the record, with the source', async () => {
    const p = file(
      'dnskey.yaml',
      [
        'version: 1',
        'zone: example.com',
        'dnssec: { status: active, multi_signer: false }',
        'records:',
        '  - name: "@"',
        '    type: DNSKEY',
        '    data: { flags: 256, protocol: 3, algorithm: 13, public_key: "mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==" }',
        '',
      ].join('\n'),
    );
    const r = await runCli(['validate', p]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /dnskey\.yaml:6:\d+ records\[0\]\.type: a DNSKEY record needs multi-signer DNSSEC.*developers\.cloudflare\.com/,
    );
  });

  it('lint warns about a delegation without DS in a signed zone', async () => {
    const p = file(
      'deleg.yaml',
      'version: 1\nzone: example.com\ndnssec: { status: active }\nrecords:\n  - { name: sub, type: NS, content: ns1.other.example }\n',
    );
    const r = await runCli(['lint', p]);
    expect(r.stdout + r.stderr).toMatch(
      /deleg\.yaml:5:\d+ records\[0\]\.name: warning: the delegation of sub\.example\.com has no DS record.*\[DELEGATION_WITHOUT_DS\]/,
    );
    const list = await runCli(['lint', '--list']);
    expect(list.stdout).toContain('lint.delegation-without-ds');
    expect(list.stdout).toContain('dnssec.dnskey-multi-signer');
  });
});
