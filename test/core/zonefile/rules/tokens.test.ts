/**
 * Token specs and manage.tokens (src/core/zonefile/rules/tokens.ts).
 */
import { describe, expect, it } from 'vitest';
import { HEADER, errors, expectProblem, load, expectValid } from '../helpers.js';

describe('tokens', () => {
  const token = (body: string) =>
    `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: allow\n        permission_groups: [{ name: DNS Write }]\n        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }\n${body}`;
  // token(): line 4 `- name: ci`, 8 resources, 9 the first line of body

  it('a bare address in a condition gets a /32 or /128 hint', () => {
    const { problems } = load(token('    condition: { request.ip: { in: [192.0.2.1, "2001:db8::/32"], not_in: ["2001:db8::1"] } }\n'));
    expectProblem(problems, {
      line: 9,
      message: /192\.0\.2\.1 is a single address, not a CIDR range; add \/32/,
      path: 'tokens[0].condition["request.ip"].in[0]',
    });
    expectProblem(problems, { line: 9, message: /2001:db8::1 is a single address, not a CIDR range; add \/128/ });
    expect(errors(problems)).toHaveLength(2);
  });

  it('a range with host bits set is a warning naming the network it means', () => {
    const { problems } = load(token('    condition: { request.ip: { in: [10.1.2.3/8, "2001:db8::1/32", 192.0.2.0/24] } }\n'));
    expectProblem(problems, {
      line: 9,
      severity: 'warning',
      message: /10\.1\.2\.3\/8 has host bits set: the range is 10\.0\.0\.0\/8/,
      path: 'tokens[0].condition["request.ip"].in[0]',
    });
    expectProblem(problems, { line: 9, severity: 'warning', message: /the range is 2001:db8::\/32/ });
    expect(errors(problems)).toEqual([]);
    expect(problems.filter((p) => p.severity === 'warning' && p.code === 'token.cidr-host-bits')).toHaveLength(2);
  });

  it('an invalid CIDR and the request_ip spelling', () => {
    const { problems } = load(token('    condition:\n      request_ip:\n        in: [192.0.2.0/33]\n'));
    expectProblem(problems, { line: 11, message: /"192\.0\.2\.0\/33" is not a CIDR range/ });
  });

  it('timestamps must be exactly YYYY-MM-DDThh:mm:ssZ', () => {
    const { problems } = load(token('    not_before: "2026-01-01 00:00:00"\n    expires_on: 2026-02-30T00:00:00Z\n'));
    expectProblem(problems, {
      line: 9,
      message: /not_before "2026-01-01 00:00:00" must be a UTC time written exactly YYYY-MM-DDThh:mm:ssZ/,
    });
    expectProblem(problems, { line: 10, message: /expires_on "2026-02-30T00:00:00Z" must be a UTC time/ });
  });

  it('not_before must be before expires_on', () => {
    const { problems } = load(token('    not_before: 2027-01-01T00:00:00Z\n    expires_on: 2026-01-01T00:00:00Z\n'));
    expectProblem(problems, { line: 10, message: /expires_on 2026-01-01T00:00:00Z must be after not_before 2027-01-01T00:00:00Z/ });
  });

  it('policy effect is allow or deny', () => {
    const { problems } = load(
      `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: permit\n        permission_groups: [{ id: abc }]\n        resources: { "com.cloudflare.api.account.zone.*": "*" }\n`,
    );
    expectProblem(problems, { line: 6, message: /must be one of allow, deny, not the string "permit"/ });
  });

  it('resource keys must have one of the service forms', () => {
    const id = '0123456789abcdef0123456789abcdef';
    const ok = load(
      `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: allow\n        permission_groups: [{ id: abc }]\n        resources:\n          "com.cloudflare.api.account.${id}": "*"\n          "com.cloudflare.api.account.*": "*"\n          "com.cloudflare.api.account.zone.${id}": "*"\n          "com.cloudflare.api.account.zone.*": "*"\n          "com.cloudflare.api.user.${id}": "*"\n      - effect: deny\n        permission_groups: [{ id: abc }]\n        resources:\n          "com.cloudflare.api.account.{account_id}": { "com.cloudflare.api.account.zone.*": "*" }\n`,
    );
    expect(errors(ok.problems)).toEqual([]);
    const bad = load(
      `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: allow\n        permission_groups: [{ id: abc }]\n        resources:\n          "com.cloudflare.api.zone.${id}": "*"\n          "com.cloudflare.api.account.zone.*": { "x": "*" }\n          "com.cloudflare.api.account.${id}": "read"\n`,
    );
    expectProblem(bad.problems, {
      line: 9,
      message: /resource key `com\.cloudflare\.api\.zone\.0123.*` is not one of the service's forms/,
    });
    expectProblem(bad.problems, { line: 10, message: /cannot hold nested zones/ });
    expectProblem(bad.problems, { line: 11, message: /resource value must be "\*", not "read"/ });
  });

  it('duplicate token names are an error naming the first', () => {
    const { problems } = load(
      `${HEADER}tokens:\n  - name: ci\n    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]\n  - name: ci\n    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]\n`,
    );
    expectProblem(problems, { line: 6, message: /token name "ci" is already used at tokens\[0\] \(line 4\)/ });
  });

  it('token name at most 120 characters', () => {
    const { problems } = load(
      `${HEADER}tokens:\n  - name: ${'n'.repeat(121)}\n    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]\n`,
    );
    expectProblem(problems, { line: 4, message: /is too long: 121 characters, at most 120/ });
  });
});

describe('manage.tokens', () => {
  it('defaults to keep, with no prefix', () => {
    const c = expectValid(`${HEADER}records: []\n`);
    expect(c.manage.tokens).toBe('keep');
    expect(c.manage.tokens_prefix).toBeUndefined();
  });

  it('delete without tokens_prefix is an error at manage.tokens', () => {
    const r = load(`${HEADER}records: []\nmanage:\n  tokens: delete\n`);
    expectProblem(r.problems, { line: 5, path: 'manage.tokens', message: /"delete" needs manage\.tokens_prefix/ });
  });

  it('delete with a prefix is valid; an empty prefix is refused by the schema', () => {
    expect(expectValid(`${HEADER}records: []\nmanage: { tokens: delete, tokens_prefix: zonectl- }\n`).manage.tokens_prefix).toBe(
      'zonectl-',
    );
    expect(errors(load(`${HEADER}records: []\nmanage: { tokens: delete, tokens_prefix: "" }\n`).problems)).not.toHaveLength(0);
  });
});
