/**
 * What a CLI run's text must never hold when a file someone else wrote is shown in it: a raw
 * control character (terminal escapes, line separators), a line a GitHub Actions log would take
 * for a workflow command other than zonectl's own annotations, or `##[` (the log's older command
 * form). Workflow command properties escape %, CR, LF, `:` and `,` (actions/toolkit,
 * packages/core/src/command.ts: https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts);
 * spaces need no escape.
 */
import MarkdownIt from 'markdown-it';
import { expect } from 'vitest';
import type { CliResult } from './run-cli.js';

export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
export const ANNOTATION = /^::(error|warning) file=[^,:\r\n]*,line=\d+,col=\d+::[^\r\n]*$/;

/** Markdown as GitHub would render it (HTML allowed), for checks of what a PR comment shows. */
export const md = new MarkdownIt({ html: true });

/** The rendered HTML outside code and pre elements (where nothing is markup and nothing pings). */
export const outsideCode = (html: string): string => html.replace(/<pre>[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '');

/** stdout and stderr of `r` hold no raw control character and no workflow command but zonectl's annotations. */
export function expectSafeText(r: CliResult, what: string): void {
  for (const [stream, text] of [
    ['stdout', r.stdout],
    ['stderr', r.stderr],
  ] as const) {
    expect(RAW_CONTROL.exec(text)?.[0], `${what} ${stream}: raw control character`).toBeUndefined();
    for (const line of text.split('\n')) {
      if (line.trimStart().startsWith('::'))
        expect(line, `${what} ${stream}: a workflow command that is not zonectl's annotation`).toMatch(ANNOTATION);
      expect(line, `${what} ${stream}`).not.toContain('##[');
    }
  }
}
