/**
 * The hand-over from the old tool (issue 40 item 4): the exact edit of its configuration that
 * makes it let go of what zonectl now manages, as one unified diff that `git apply` and `patch
 * -p1` accept at the repository root (paths `a/FILE` and `b/FILE` relative to it; a new file from
 * `/dev/null`), so that one pull request carries both sides. Each tool's edit is made by its own
 * module (octoDNS: its `zones:`; DNSControl: the `D()` calls; Terraform: the resource blocks and
 * `removed` blocks); what cannot be written as an edit is said in words (`byHand`). Pure.
 */
import { createTwoFilesPatch } from 'diff';

/** One file of the old tool, before and after (`before` undefined: a new file). */
export interface FileEdit {
  /** Relative to the repository root, `/` separated. */
  readonly path: string;
  readonly before?: string;
  readonly after: string;
}

export interface Handover {
  readonly edits: readonly FileEdit[];
  /** What the edit cannot say (a zone written by a `'*'` entry, a `D()` inside a function): one line each. */
  readonly byHand: readonly string[];
}

export const NO_HANDOVER: Handover = { edits: [], byHand: [] };

/** The edits as one patch (empty when there is none). */
export function handoverPatch(h: Handover): string {
  return h.edits
    .filter((e) => e.before !== e.after)
    .map((e) =>
      createTwoFilesPatch(
        e.before === undefined ? '/dev/null' : `a/${e.path}`,
        `b/${e.path}`,
        e.before ?? '',
        e.after,
        undefined,
        undefined,
        {
          context: 3,
        },
      )
        // The `Index:` and `====` lines the package writes first are no part of a unified diff's header.
        .replace(/^(Index: .*\n)?=+\n/, ''),
    )
    .join('');
}

/**
 * `text` without the lines `from`..`to` (1-based, inclusive), and without the whole-line comments
 * directly above them (they were the removed element's: carried into the zone file), nor a blank
 * line the removal would leave doubled.
 */
export function withoutLines(text: string, from: number, to: number, comment: RegExp): string {
  const lines = text.split('\n');
  let start = from - 1;
  while (start > 0 && comment.test(lines[start - 1]!)) start -= 1;
  let end = to;
  if ((start === 0 || lines[start - 1]!.trim() === '') && lines[end] !== undefined && lines[end]!.trim() === '') end += 1;
  return [...lines.slice(0, start), ...lines.slice(end)].join('\n');
}
