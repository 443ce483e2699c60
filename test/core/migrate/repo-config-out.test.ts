/** zonectl.yaml as an import writes it, and an existing one gaining what the import needs, through the editor. */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { addToRepoConfig, renderRepoConfigYaml } from '../../../src/core/migrate/repo-config-out.js';

const POLICY = { minTtl: 120, comment: 'octoDNS provider cf: min_ttl 120 (config/production.yaml:19)' };
const CF = { name: 'cf', credentials: { token_env: 'CF_TOKEN' } } as const;

describe('renderRepoConfigYaml', () => {
  it('writes the policy with the comment naming its source, and the accounts by variable name', () => {
    const text = renderRepoConfigYaml({ accounts: [CF], policy: POLICY }, 'Imported from octodns.');
    expect(parse(text)).toEqual({ version: 1, policy: { min_ttl: 120 }, accounts: { cf: { credentials: { token_env: 'CF_TOKEN' } } } });
    expect(text).toContain(`# ${POLICY.comment}\n  min_ttl: 120`);
  });
});

describe('addToRepoConfig', () => {
  const team = [
    '# the team: one account per Cloudflare login',
    'version: 1',
    'lint: { ignore: [mail.spf-missing] }   # kept on purpose',
    'accounts:',
    '  # the old one',
    "  main: { credentials: { token_env: 'MAIN_TOKEN' } }",
    '',
  ].join('\n');

  it("adds the policy and a missing account, the team's lines byte for byte as they were", () => {
    const r = addToRepoConfig(team, { accounts: [CF], policy: POLICY });
    expect(r.ok).toBe(true);
    const text = (r as { text: string }).text;
    for (const line of team.split('\n').filter((l) => l !== '')) expect(text.split('\n')).toContain(line);
    expect(parse(text)).toEqual({
      version: 1,
      lint: { ignore: ['mail.spf-missing'] },
      policy: { min_ttl: 120 },
      accounts: { main: { credentials: { token_env: 'MAIN_TOKEN' } }, cf: { credentials: { token_env: 'CF_TOKEN' } } },
    });
    expect(text).toContain(`# ${POLICY.comment}`);
  });

  it("an account's own limit keeps the comment naming its source", () => {
    const own = { ...CF, policy: { minTtl: 300, comment: 'octoDNS provider cf: min_ttl 300 (c.yaml:9)' } };
    const r = addToRepoConfig(team, { accounts: [own] });
    expect(r.ok).toBe(true);
    const text = (r as { text: string }).text;
    expect((parse(text) as { accounts: Record<string, unknown> }).accounts.cf).toEqual({
      credentials: { token_env: 'CF_TOKEN' },
      policy: { min_ttl: 300 },
    });
    expect(text).toContain('# octoDNS provider cf: min_ttl 300 (c.yaml:9)');
  });

  it('says nothing new when the file already has it all, and refuses another min_ttl or another account of the same name', () => {
    const whole = addToRepoConfig(team, { accounts: [CF], policy: POLICY }) as { text: string };
    expect(addToRepoConfig(whole.text, { accounts: [CF], policy: POLICY })).toEqual({ ok: true });
    const other = addToRepoConfig(whole.text.replace('min_ttl: 120', 'min_ttl: 60'), { accounts: [], policy: POLICY });
    expect(other.ok).toBe(false);
    expect((other as { message: string }).message).toMatch(/already says policy\.min_ttl 60; the import keeps 120/);
    const clash = addToRepoConfig(team, { accounts: [{ name: 'main', credentials: { token_env: 'OTHER' } }] });
    expect(clash.ok).toBe(false);
  });
});
