import { describe, expect, it } from 'vitest';
import { interpolateString } from '../../../src/core/yaml/index.js';
import { HEADER, expectProblem, expectValid, load, withRecords } from '../zonefile/helpers.js';

describe('${VAR} interpolation', () => {
  it('replaces set variables and applies defaults', () => {
    const text = `${HEADER}zone_id: \${ZONECTL_ZONE_ID}\nrecords:\n  - { name: "\${ZONECTL_HOST:-www}", type: A, content: "\${ZONECTL_IP}", comment: "owner \${ZONECTL_OWNER:-nobody}" }\n`;
    const config = expectValid(text, { ZONECTL_ZONE_ID: '0123456789ABCDEF0123456789abcdef', ZONECTL_IP: '192.0.2.7' });
    expect(config.zoneId).toBe('0123456789abcdef0123456789abcdef');
    expect(config.records[0].record).toMatchObject({ name: 'www.example.com', content: '192.0.2.7', comment: 'owner nobody' });
  });

  it('an unset variable without default is an error naming it, at its line', () => {
    const { problems, config } = load(
      `${HEADER}zone_id: \${ZONECTL_ZONE_ID}\nrecords:\n  - { name: www, type: A, content: "\${ZONECTL_WEB_IP}" }\n`,
      {},
    );
    expect(config).toBeUndefined();
    expectProblem(problems, { line: 3, message: /environment variable ZONECTL_ZONE_ID is not set/, path: 'zone_id' });
    expectProblem(problems, { line: 5, message: /environment variable ZONECTL_WEB_IP is not set/ });
    // no second error about the unresolved text itself
    expect(problems).toHaveLength(2);
  });

  it('a reference written through a double-quoted escape is read too, though the text holds no `${`', () => {
    // `\x24` is `$`; an escaped line break joins `$` and `{` (YAML 1.2.2 §7.3.1).
    const text = withRecords(
      '{ name: a, type: TXT, content: "v=\\x24{ZONECTL_A}" }',
      '{ name: b, type: TXT, content: "w=$\\\n    {ZONECTL_A}" }',
    );
    expect(text).not.toContain('${');
    const config = expectValid(text, { ZONECTL_A: 'hello' });
    expect(config.records.map((r) => r.record.content)).toEqual([expect.stringContaining('v=hello'), expect.stringContaining('w=hello')]);
    const { problems } = load(text, {});
    const unset = problems.filter((p) => /environment variable ZONECTL_A is not set/.test(p.message));
    expect(unset.map((p) => p.line)).toEqual([4, 5]);
  });

  it('an empty value takes the default with :-', () => {
    expect(interpolateString('${ZONECTL_A:-x}', { ZONECTL_A: '' }, () => undefined)).toBe('x');
    expect(interpolateString('${ZONECTL_A}', { ZONECTL_A: '' }, () => undefined)).toBe('');
  });

  it('$${ is a literal ${; malformed references are errors', () => {
    expect(interpolateString('a $${ZONECTL_B} c', {}, () => undefined)).toBe('a ${ZONECTL_B} c');
    const reports: string[] = [];
    interpolateString('${not valid}', {}, (m) => reports.push(m));
    interpolateString('${open', {}, (m) => reports.push(m));
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatch(/is not a variable reference/);
    expect(reports[1]).toMatch(/is not closed/);
  });

  it('a whole-value reference yields a number or boolean in a numeric or boolean field', () => {
    const block = `${HEADER}records:\n  - name: a\n    type: A\n    content: 192.0.2.1\n    ttl: \${ZONECTL_TTL}\n  - name: b\n    type: TXT\n    content: \${ZONECTL_TXT}\n`;
    const config = expectValid(block, { ZONECTL_TTL: '300', ZONECTL_TXT: '42' });
    expect(config.records[0].record.ttl).toBe(300);
    // TXT stays text: its canonical form is the one string "42" (src/core/model/txt-strings.ts).
    expect(config.records[1].record.content).toBe('"42"');
    const flow = expectValid(
      withRecords(
        '{ name: a, type: A, content: 192.0.2.1, ttl: "${ZONECTL_TTL}", proxied: "${ZONECTL_PROXY}" }',
        '{ name: b, type: TXT, content: "${ZONECTL_TXT}" }',
      ),
      { ZONECTL_TTL: '600', ZONECTL_PROXY: 'false', ZONECTL_TXT: '42' },
    );
    expect(flow.records[0].record).toMatchObject({ ttl: 600, proxied: false });
    expect(flow.records[1].record.content).toBe('"42"');
  });

  it('does not read process.env (the caller passes the environment)', () => {
    process.env.ZONECTL_TEST_ONLY_VAR = '192.0.2.9';
    try {
      const { problems } = load(withRecords('{ name: a, type: A, content: "${ZONECTL_TEST_ONLY_VAR}" }'), {});
      expectProblem(problems, { line: 4, message: /ZONECTL_TEST_ONLY_VAR is not set/ });
    } finally {
      delete process.env.ZONECTL_TEST_ONLY_VAR;
    }
  });
});
