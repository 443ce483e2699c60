/**
 * The contact details in a YAML file's comments replaced by stable fake ones, for fixtures of
 * real repositories whose comments name people (test/fixtures/real-zones/SOURCES.md): each e-mail
 * address (`person-17@example.invalid`; a bare `name@` too), each Slack user or channel id
 * (`U000000017`, `C000000017`) and each `@handle` (`@person-17`). The same detail gets the same
 * fake in every file given to one `Pseudonyms`, numbered in the order first seen. Only comments
 * change (the `yaml` package's parser finds them: a `#` inside a value is not one), each stays on
 * its line: the data and every comment's place are as they were.
 *
 * Run once over the originals: `npx tsx test/support/pseudonymize-comments.ts OUT_DIR FILE...`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LineCounter, Parser } from 'yaml';

/** Slack ids (users U/W, channels C) as the service writes them, glued to other text or not. */
const SLACK_ID = /[UWC]0[0-9A-Z]{7,10}(?![A-Za-z0-9])/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[a-z]{2,}(?![a-z])/g;
/** `nora@` with no domain after it. */
const BARE_ADDRESS = /[A-Za-z0-9._%+-]+@(?![A-Za-z0-9-]+\.[A-Za-z])/g;
const HANDLE = /(?<![A-Za-z0-9._%+-])@[A-Za-z0-9_-]+/g;

export class Pseudonyms {
  private readonly seen = new Map<string, number>();

  private number(kind: string, value: string): number {
    const key = `${kind}:${value.toLowerCase()}`;
    let n = this.seen.get(key);
    if (n === undefined) {
      n = this.seen.size + 1;
      this.seen.set(key, n);
    }
    return n;
  }

  /** One comment's text with its contact details replaced. */
  comment(text: string): string {
    const pad = (n: number): string => String(n).padStart(9, '0');
    return text
      .replace(SLACK_ID, (id) => `${id[0]}${pad(this.number('slack', id))}`)
      .replace(EMAIL, (address) => `person-${this.number('person', address)}@example.invalid`)
      .replace(BARE_ADDRESS, (address) => `person-${this.number('person', address)}@`)
      .replace(HANDLE, (handle) => `@person-${this.number('handle', handle)}`);
  }

  /** A YAML file's text with every comment's contact details replaced. */
  file(text: string): string {
    const comments: Array<{ offset: number; source: string }> = [];
    const collect = (token: unknown): void => {
      if (typeof token !== 'object' || token === null) return;
      if (Array.isArray(token)) {
        for (const t of token) collect(t);
        return;
      }
      const t = token as { type?: unknown; offset?: unknown; source?: unknown };
      if (t.type === 'comment' && typeof t.offset === 'number' && typeof t.source === 'string') {
        comments.push({ offset: t.offset, source: t.source });
        return;
      }
      for (const v of Object.values(token)) collect(v);
    };
    for (const token of new Parser(new LineCounter().addNewLine).parse(text)) collect(token);
    let out = '';
    let at = 0;
    for (const c of comments.sort((a, b) => a.offset - b.offset)) {
      out += text.slice(at, c.offset) + this.comment(c.source);
      at = c.offset + c.source.length;
    }
    return out + text.slice(at);
  }
}

if (process.argv[1]?.endsWith('pseudonymize-comments.ts')) {
  const [outDir, ...files] = process.argv.slice(2);
  if (outDir === undefined || files.length === 0) throw new Error('usage: pseudonymize-comments.ts OUT_DIR FILE...');
  mkdirSync(outDir, { recursive: true });
  const names = new Pseudonyms();
  for (const file of files) writeFileSync(join(outDir, basename(file)), names.file(readFileSync(file, 'utf8')));
}
