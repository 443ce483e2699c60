/**
 * Every rule runs, every problem is collected (src/core/zonefile/rules/index.ts).
 */
import { describe, expect, it } from 'vitest';
import { errors, load, warnings } from '../helpers.js';

describe('all problems at once', () => {
  it('reports every problem of a file with several, sorted by line', () => {
    const { problems, config } = load(`version: 1
zone: example.com
defaults: { ttl: 5 }
records:
  - { name: www, type: A, contnet: 192.0.2.1 }
  - { name: a, type: A, content: 300.1.1.1 }
  - { name: b, type: TXT, content: x, proxied: true }
  - { name: c, type: A, content: 192.0.2.1, proxied: true, ttl: 600 }
  - { name: d, type: AA, content: x }
tokens:
  - name: t
    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]
    condition: { request.ip: { in: [192.0.2.1] } }
`);
    expect(config).toBeUndefined();
    expect(errors(problems).map((p) => p.line)).toEqual([3, 5, 6, 7, 8, 9, 13]);
    expect(warnings(problems)).toEqual([]);
  });
});
