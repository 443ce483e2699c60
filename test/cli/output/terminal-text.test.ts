/**
 * The choke point of text output (issue 18 item 9): control characters from names and values
 * are escaped, zonectl's own colours survive, and no line can become a GitHub workflow command.
 */
import { describe, expect, it } from 'vitest';
import { colourMarks, terminalText, workflowCommandLine } from '../../../src/cli/output/terminal-text.js';
import { printable, printableLines } from '../../../src/core/text/index.js';

const HOSTILE = 'a\u001b]0;title\u0007b\u001b[2Jc\rd\u009be\u2028f';

describe('terminalText', () => {
  it('escapes ESC, BEL, CR, C1 and U+2028 but keeps line feeds and tabs', () => {
    expect(terminalText(`x\t${HOSTILE}\nnext\n`)).toBe('x\ta\\u001b]0;title\\u0007b\\u001b[2Jc\\rd\\u009be\\u2028f\nnext\n');
    expect(printableLines('a\tb\nc\rd')).toBe('a\tb\nc\\rd');
    expect(printable('a\tb\nc')).toBe('a\\tb\\nc');
  });

  it('turns zonectl colour markers into SGR codes after escaping; a hostile ESC inside a coloured text stays escaped', () => {
    const text = colourMarks.green(`+ www ${HOSTILE}`) + colourMarks.dim(' [ttl 300]');
    expect(terminalText(text)).toBe('\x1b[32m+ www a\\u001b]0;title\\u0007b\\u001b[2Jc\\rd\\u009be\\u2028f\x1b[0m\x1b[2m [ttl 300]\x1b[0m');
  });

  it('a marker written by a file or an answer (without the nonce) is plain text', () => {
    const forged = '\uE000deadbeefgreen\uE001x';
    expect(terminalText(forged)).toBe(forged);
  });

  it('no line starts a workflow command: `::` after white space and `##[` anywhere are escaped', () => {
    const text = 'ok\n::add-mask::x\n  \t::error::owned\n\u0085::warning::w\nsays ##[error]x\na::b\n';
    const shown = terminalText(text);
    expect(shown).toBe('ok\n\\u003a:add-mask::x\n  \t\\u003a:error::owned\n\\u0085::warning::w\nsays #\\u0023[error]x\na::b\n');
    for (const line of shown.split('\n')) expect(line.trimStart()).not.toMatch(/^::/);
  });

  it("zonectl's own workflow command stays a command, on one line", () => {
    expect(workflowCommandLine('::error file=a.yaml,line=1,col=2::bad%0Aname \u001b[2J')).toBe(
      '::error file=a.yaml,line=1,col=2::bad%0Aname \\u001b[2J',
    );
  });
});
