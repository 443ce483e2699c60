/**
 * Names and values in Markdown render as text (issue 18 item 9): checked by rendering with a
 * real CommonMark renderer (markdown-it, with raw HTML allowed as GitHub allows it) and looking at
 * the HTML it makes.
 */
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { codeSpan, fenceFor, htmlCode, htmlText, markdownText } from '../../../src/core/render/markdown-safe.js';

const md = new MarkdownIt({ html: true });
const render = (text: string): string => md.render(text);
const HOSTILE = [
  '</details><img src=x>',
  '<!-- hidden',
  '@someone',
  '``a`b``',
  '`edge`',
  'a|b',
  'x\ny\r\u001b]0;t\u0007',
  '*bold* _em_ [l](http://x) ~~s~~ \\',
];

describe('markdown-safe', () => {
  it('codeSpan: one code element holding exactly the (printable) text, whatever backticks it has', () => {
    for (const text of HOSTILE) {
      const html = render(`x ${codeSpan(text)} y`);
      expect(html.match(/<code>/g)?.length, text).toBe(1);
      expect(html, text).not.toMatch(/<img|<!--|<\/details>|<em>|<strong>|<a /);
      const inner = html.slice(html.indexOf('<code>') + 6, html.indexOf('</code>'));
      expect(
        md.utils.unescapeAll(
          inner
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, '&'),
        ),
        text,
      ).toBe(text.replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace('\u001b', '\\u001b').replace('\u0007', '\\u0007'));
    }
  });

  it('codeSpan in a table keeps its cell', () => {
    const html = render(`| a | b |\n|---|---|\n| ${codeSpan('x|y', { inTable: true })} | 2 |\n`);
    expect(html).toContain('<td><code>x|y</code></td>');
    expect(html).toContain('<td>2</td>');
  });

  it('markdownText: no tag, comment, emphasis, link or mention; the text shows as written', () => {
    for (const text of HOSTILE) {
      const html = render(`- note: ${markdownText(text)}`);
      expect(html, text).not.toMatch(/<img|<!--|<\/details>|<em>|<strong>|<a |<s>|<code>/);
      expect(html, text).not.toMatch(/@someone/);
    }
    expect(render(markdownText('</details><img src=x> @someone'))).toBe('<p>&lt;/details&gt;&lt;img src=x&gt; \uff20someone</p>\n');
  });

  it('htmlCode / htmlText inside <summary>: escaped, no raw tag, @ as an entity', () => {
    expect(htmlCode('</summary><img src=x>@a')).toBe('<code>&lt;/summary&gt;&lt;img src=x&gt;&#64;a</code>');
    expect(htmlText('a"b\'c&\nd')).toBe('a&quot;b&#39;c&amp;\\nd');
    const html = render(`<details><summary>${htmlCode('</details><!--')}: ok</summary>\n\nbody\n\n</details>\n`);
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/details>/g)?.length).toBe(1);
  });

  it('fenceFor: longer than any backtick run inside, at least three', () => {
    expect(fenceFor(['a', 'b'])).toBe('```');
    expect(fenceFor(['````', 'x'])).toBe('`````');
    const lines = ['+ ```', '```', '</details>'];
    const fence = fenceFor(lines);
    const html = render([`${fence}diff`, ...lines, fence, '', '<b>after</b>'].join('\n'));
    expect(html).toContain('&lt;/details&gt;');
    expect(html).toContain('<b>after</b>');
    expect(html.match(/<pre>/g)?.length).toBe(1);
  });
});
