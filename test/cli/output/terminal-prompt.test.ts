/**
 * The CLI's prompt (src/cli/output/terminal-prompt.ts), the confirmation capability a command
 * hands its session: `--yes` answers it without asking, an output that leaves no room for a
 * question (apply's --format json) or an input that is no terminal cannot be asked, and on a
 * terminal only "yes" is a yes.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalPrompt } from '../../../src/cli/output/terminal-prompt.js';

/** A terminal (or not) whose user types `typed`; what was asked is collected. */
function terminal(isTTY: boolean, typed?: string) {
  const input = Object.assign(new PassThrough(), { isTTY });
  const output = new PassThrough();
  let asked = '';
  output.on('data', (chunk: Buffer) => {
    asked += chunk.toString();
    if (typed !== undefined) input.write(typed);
  });
  return { input, output, asked: () => asked };
}

describe('terminalPrompt', () => {
  it('--yes answers yes and asks nothing, even with no terminal', async () => {
    const t = terminal(false);
    expect(await terminalPrompt({ yes: true, ...t }).confirm('Apply? ')).toEqual({ kind: 'yes' });
    expect(t.asked()).toBe('');
  });

  it('an output with no room for a question cannot be asked, and says why', async () => {
    const t = terminal(true, 'yes\n');
    const prompt = terminalPrompt({ yes: false, unavailable: '--format json shows no plan to confirm', ...t });
    expect(await prompt.confirm('Apply? ')).toEqual({ kind: 'cannot-ask', why: '--format json shows no plan to confirm' });
    expect(t.asked()).toBe('');
  });

  it('no terminal: cannot ask', async () => {
    const t = terminal(false, 'yes\n');
    expect(await terminalPrompt({ yes: false, ...t }).confirm('Apply? ')).toEqual({
      kind: 'cannot-ask',
      why: 'no terminal to ask for confirmation',
    });
  });

  it('a terminal: the question asked, only "yes" is a yes', async () => {
    const yes = terminal(true, 'yes\n');
    expect(await terminalPrompt({ yes: false, ...yes }).confirm('Apply these changes? ')).toEqual({ kind: 'yes' });
    expect(yes.asked()).toContain('Apply these changes? ');
    const y = terminal(true, 'y\n');
    expect(await terminalPrompt({ yes: false, ...y }).confirm('Apply these changes? ')).toEqual({ kind: 'no' });
  });
});
