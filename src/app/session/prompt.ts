/**
 * The one question a session may ask its user, as a capability handed to it (docs/architecture.md,
 * "The shape of a verb"): the CLI's prompt asks on a terminal, refuses without one, and answers
 * yes by itself when `--yes` was given (src/cli/output/terminal-prompt.ts); a test hands one that
 * answers what the test says. Any verb's session can ask through it; the session words its own
 * refusal from the reason it gets.
 */

/** The answer to a yes/no question: `cannot-ask` when nobody can be asked here, and why. */
export type ConfirmAnswer = { readonly kind: 'yes' } | { readonly kind: 'no' } | { readonly kind: 'cannot-ask'; readonly why: string };

export interface Prompt {
  /** Asks `question`; `yes` only for an explicit yes (or `--yes`, given beforehand). */
  confirm(question: string): Promise<ConfirmAnswer>;
}

/** A session output that may ask its user (apply's confirmation). */
export interface Prompting {
  readonly prompt: Prompt;
}

/** A prompt that answers every question the same way, without asking (tests; `--yes`). */
export function answeringPrompt(answer: ConfirmAnswer): Prompt {
  return { confirm: async () => answer };
}
