/**
 * The comments of a Terraform `.tf` file (HCL native syntax: `#` and `//` to the line's end,
 * `/* ... *\/` blocks; https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md, "Comments and
 * Whitespace") and the top-level blocks they sit among (`resource "TYPE" "NAME" { ... }`, with the
 * lines each covers). A `#` or `//` inside a quoted string, an interpolation (`${ ... }`, strings
 * inside it included) or a heredoc (`<<EOF` ... `EOF`) is no comment. Each line of a `/* *\/`
 * block is one comment line. HashiCorp's parser (parse-hcl.ts) drops comments, hence this
 * scanner; it reads only what the parser already accepted. Pure.
 */
import type { SourceComment } from './source-comments.js';

export interface HclBlock {
  /** `resource`, `data`, `provider`, `variable`, ... */
  readonly kind: string;
  readonly labels: readonly string[];
  readonly startLine: number;
  readonly endLine: number;
}

export interface HclScan {
  readonly comments: readonly SourceComment[];
  readonly blocks: readonly HclBlock[];
}

const HEADER = /^\s*([A-Za-z_][A-Za-z0-9_-]*)((?:\s+(?:"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_-]*))*)\s*$/;

function labelsOf(text: string): string[] {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|([A-Za-z_][A-Za-z0-9_-]*)/g)].map((m) => (m[1] !== undefined ? m[1] : m[2]!));
}

export function scanHcl(text: string, file: string): HclScan {
  const comments: SourceComment[] = [];
  const blocks: HclBlock[] = [];
  let line = 1;
  /** Something other than blanks and comments was written on the current line before this point. */
  let code = false;
  let depth = 0;
  /** The statement written at depth 0 since the last block closed (a block's header). */
  let header = '';
  let open: { kind: string; labels: string[]; startLine: number } | undefined;
  let i = 0;
  const n = text.length;
  const newline = (): void => {
    line += 1;
    code = false;
  };
  const comment = (body: string, inline: boolean): void => {
    comments.push({ file, line, text: body, inline });
  };
  /** Skips a quoted string starting at `i` (on `"`), with its interpolations; returns the index after it. */
  const skipString = (from: number): number => {
    let j = from + 1;
    while (j < n) {
      const c = text[j]!;
      if (c === '\\') j += 2;
      else if (c === '"') return j + 1;
      else if ((c === '$' || c === '%') && text[j + 1] === '{' && text[j - 1] !== c) j = skipTemplate(j + 2);
      else {
        if (c === '\n') newline();
        j += 1;
      }
    }
    return j;
  };
  /** Skips an interpolation's expression up to its `}` (strings and braces inside it). */
  const skipTemplate = (from: number): number => {
    let j = from;
    let braces = 1;
    while (j < n && braces > 0) {
      const c = text[j]!;
      if (c === '"') {
        j = skipString(j);
        continue;
      }
      if (c === '{') braces += 1;
      else if (c === '}') braces -= 1;
      else if (c === '\n') newline();
      j += 1;
    }
    return j;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      if (depth === 0) header += ' ';
      newline();
      i += 1;
      continue;
    }
    if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      comment(text.slice(i + (c === '#' ? 1 : 2), stop).replace(/\r$/, ''), code);
      i = stop;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end;
      const inline = code;
      text
        .slice(i + 2, stop)
        .split('\n')
        .forEach((part, k, parts) => {
          if (k > 0) newline();
          // A block's inner lines are written ` * text` by habit: the leading `*` is its frame.
          const body = k === 0 ? part : part.replace(/^\s*\*(?!\/)/, '');
          if (body.trim() !== '' || (k > 0 && k < parts.length - 1)) comment(body.trimEnd(), k === 0 && inline);
        });
      i = stop + 2;
      code = true;
      continue;
    }
    if (c === '"') {
      code = true;
      const end = skipString(i);
      if (depth === 0) header += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === '<' && text[i + 1] === '<') {
      const m = /^<<-?([A-Za-z_][A-Za-z0-9_-]*)[ \t]*\r?\n/.exec(text.slice(i, i + 200));
      if (m !== null) {
        // A heredoc: its lines up to the one holding only its marker are text, not code.
        let j = i + m[0].length;
        newline();
        for (;;) {
          const end = text.indexOf('\n', j);
          const stop = end === -1 ? n : end;
          if (text.slice(j, stop).trim() === m[1] || end === -1) {
            i = stop;
            break;
          }
          newline();
          j = stop + 1;
        }
        code = true;
        continue;
      }
    }
    if (c.trim() !== '') code = true;
    if (c === '{') {
      if (depth === 0) {
        const h = HEADER.exec(header);
        open = h !== null ? { kind: h[1]!, labels: labelsOf(h[2] ?? ''), startLine: line } : undefined;
      }
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        if (open !== undefined) blocks.push({ ...open, endLine: line });
        open = undefined;
        header = '';
      }
    } else if (depth === 0) header += c;
    if (depth === 0 && c === '=') header = '';
    i += 1;
  }
  return { comments, blocks };
}
