/**
 * `validate --format markdown`: the findings section of the plan comment (issue 44 item 2). Every
 * problem with its file and line, errors first, lint's errors marked; names and messages as text
 * (no HTML, no mention, no table cell broken by `|`); short whatever the files hold.
 */
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderFindingsMarkdown } from '../../../src/core/render/render-findings-markdown.js';
import type { Problem } from '../../../src/core/yaml/index.js';

const problem = (over: Partial<Problem>): Problem => ({
  severity: 'warning',
  file: 'zones/example.com.yaml',
  line: 3,
  col: 5,
  path: 'records[0].content',
  message: 'a finding',
  code: 'lint.spf-ptr',
  ...over,
});

describe('renderFindingsMarkdown', () => {
  it('errors first, then lint errors, then warnings, each with file and line; the counts above', () => {
    const lintError = problem({ line: 9, message: 'two SPF records [SPF_MULTIPLE]', code: 'lint.spf-multiple' });
    const text = renderFindingsMarkdown(
      [
        { path: 'zones/example.com.yaml', problems: [problem({}), lintError], valid: true, notListed: 0 },
        {
          path: 'zones/bad.yaml',
          problems: [problem({ severity: 'error', file: 'zones/bad.yaml', line: 4, message: 'not an IPv4 address', code: 'record.a' })],
          valid: false,
          notListed: 0,
        },
      ],
      { isLintError: (p) => p === lintError },
    );
    expect(text.split('\n').slice(0, 10)).toEqual([
      '### zonectl validate and lint',
      '',
      '**1 file does not validate** · **1 lint error** · 1 error · 1 warning',
      '',
      '| | File | Line | Problem |',
      '| --- | --- | --- | --- |',
      '| :x: error | `zones/bad.yaml` | 4 | `records[0].content`: not an IPv4 address |',
      '| :x: lint error | `zones/example.com.yaml` | 9 | `records[0].content`: two SPF records \\[SPF\\_MULTIPLE\\] |',
      '| :warning: warning | `zones/example.com.yaml` | 3 | `records[0].content`: a finding |',
      '',
    ]);
  });

  it('nothing found: one line says so', () => {
    expect(renderFindingsMarkdown([{ path: 'a.yaml', problems: [], valid: true, notListed: 0 }], { isLintError: () => false })).toBe(
      '### zonectl validate and lint\n\n1 file valid\n\nNo finding: every file validates and lint finds nothing.\n',
    );
  });

  it('a hostile file name and message render as text: no HTML, no mention, the table holds', () => {
    const hostile = problem({ file: 'zones/a|b<img src=x>@octocat.yaml', message: '<!-- hide --> @admin | x' });
    const text = renderFindingsMarkdown([{ path: hostile.file, problems: [hostile], valid: true, notListed: 0 }], {
      isLintError: () => false,
    });
    const html = new MarkdownIt().render(text);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/@admin\b/);
    // One row of four cells.
    expect(html.match(/<td>/g)).toHaveLength(4);
  });

  it('thousands of problems: the first ROWS, then how many more (the log has them), below the character budget', () => {
    const many = Array.from({ length: 5000 }, (_, i) => problem({ line: i + 1 }));
    const text = renderFindingsMarkdown([{ path: 'zones/example.com.yaml', problems: many, valid: true, notListed: 7 }], {
      isLintError: () => false,
    });
    expect(text.length).toBeLessThanOrEqual(16_000 + 200);
    expect(text.match(/^\| :warning:/gm)).toHaveLength(100);
    expect(text).toContain('**4907 more problems not shown here**');
  });
});
