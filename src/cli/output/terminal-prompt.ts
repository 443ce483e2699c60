/**
 * The CLI's prompt (src/app/session/prompt.ts), handed by a command to its session: with `--yes`
 * it answers yes without asking; where the output leaves no room for a question (`unavailable`,
 * e.g. apply's `--format json`) or stdin is no terminal, nobody can be asked and the session
 * refuses; otherwise the question goes to stderr and the answer is read from stdin (only "yes" is
 * a yes).
 */
import { createInterface } from 'node:readline/promises';
import type { ConfirmAnswer, Prompt } from '../../app/session/index.js';

export interface TerminalPromptOptions {
  /** `--yes` was given: every question is answered yes. */
  readonly yes: boolean;
  /** Why the output leaves no room for a question, if it does not. */
  readonly unavailable?: string | undefined;
  /** Where answers come from (default: the process's stdin). */
  readonly input?: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** Where the question goes (default: the process's stderr, so that stdout stays the results'). */
  readonly output?: NodeJS.WritableStream;
}

export function terminalPrompt(options: TerminalPromptOptions): Prompt {
  return {
    async confirm(question): Promise<ConfirmAnswer> {
      if (options.yes) return { kind: 'yes' };
      if (options.unavailable !== undefined) return { kind: 'cannot-ask', why: options.unavailable };
      const input = options.input ?? process.stdin;
      if (input.isTTY !== true) return { kind: 'cannot-ask', why: 'no terminal to ask for confirmation' };
      const rl = createInterface({ input, output: options.output ?? process.stderr });
      try {
        const answer = await rl.question(question);
        return answer.trim() === 'yes' ? { kind: 'yes' } : { kind: 'no' };
      } finally {
        rl.close();
      }
    },
  };
}
