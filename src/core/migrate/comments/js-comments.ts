/**
 * The comments of DNSControl's `dnsconfig.js` and the statements they sit among, read with
 * acorn (a JavaScript parser: a `//` inside a string, a template or a regular expression is no
 * comment, which only a parser can tell): each comment with its line (every line of a `/* *\/`
 * block one comment line), and each `D("name", ...)` call with the lines it covers, the lines of
 * the calls inside it, and its `DefaultTTL(n)` when written as a number. Other top-level
 * statements (providers, variables) are configuration. Pure.
 */
import { type Comment, type Node, parse } from 'acorn';
import type { SourceComment } from './source-comments.js';

export interface JsDomain {
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
  /** `DefaultTTL(300)` among its arguments. */
  readonly defaultTtl?: number;
  /** The statement `D(...);` alone on its lines (top level): the lines a hand-over deletes. */
  readonly statement?: { readonly startLine: number; readonly endLine: number };
}

export interface JsScan {
  readonly comments: readonly SourceComment[];
  readonly domains: readonly JsDomain[];
  /** Lines of top-level statements that are not a `D()` (providers, variables, functions). */
  readonly configuration: ReadonlyArray<{ readonly startLine: number; readonly endLine: number }>;
  /** The file calls `DEFAULTS(...)` (which may change every domain's default TTL). */
  readonly usesDefaults: boolean;
}

type AnyNode = Node & Record<string, unknown> & { loc?: { start: { line: number }; end: { line: number } } };

const isNode = (v: unknown): v is AnyNode => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** A `D(...)`/`D_EXTEND(...)` call, if `n` is one with a string first argument. */
function domainCall(n: unknown): { name: string; args: AnyNode[]; node: AnyNode } | undefined {
  if (!isNode(n) || n.type !== 'CallExpression') return undefined;
  const callee = n.callee as AnyNode;
  const args = n.arguments as AnyNode[];
  if (callee?.type !== 'Identifier' || !['D', 'D_EXTEND'].includes(String(callee.name))) return undefined;
  const first = args[0];
  if (first?.type !== 'Literal' || typeof first.value !== 'string') return undefined;
  return { name: first.value, args, node: n };
}

function defaultTtlOf(args: readonly AnyNode[]): number | undefined {
  for (const a of args) {
    if (a.type !== 'CallExpression') continue;
    const callee = a.callee as AnyNode;
    const arg = (a.arguments as AnyNode[])[0];
    if (callee?.type === 'Identifier' && callee.name === 'DefaultTTL' && arg?.type === 'Literal' && typeof arg.value === 'number')
      return arg.value;
  }
  return undefined;
}

/** Every `D()` call of the program, wherever it is written (top level, inside a loop or a function). */
function findDomains(node: unknown, out: JsDomain[], depth: number): void {
  if (depth > 200 || typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const n of node) findDomains(n, out, depth + 1);
    return;
  }
  const call = domainCall(node);
  if (call !== undefined && call.node.loc !== undefined) {
    const ttl = defaultTtlOf(call.args);
    out.push({
      name: call.name,
      startLine: call.node.loc.start.line,
      endLine: call.node.loc.end.line,
      ...(ttl !== undefined ? { defaultTtl: ttl } : {}),
    });
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'loc' && typeof value === 'object') findDomains(value, out, depth + 1);
}

/** The file's comments and `D()` calls; undefined with the parser's message when it is not JavaScript acorn reads. */
export function scanDnsconfig(text: string, file: string): { ok: true; scan: JsScan } | { ok: false; message: string; line?: number } {
  const found: Comment[] = [];
  let program: AnyNode;
  try {
    program = parse(text, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      locations: true,
      allowReturnOutsideFunction: true,
      allowHashBang: true,
      onComment: found,
    }) as unknown as AnyNode;
  } catch (error) {
    const e = error as Error & { loc?: { line: number } };
    return { ok: false, message: e.message.replace(/ \(\d+:\d+\)$/, ''), ...(e.loc !== undefined ? { line: e.loc.line } : {}) };
  }
  const lineStarts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') lineStarts.push(i + 1);
  const comments: SourceComment[] = [];
  for (const c of found) {
    const line = c.loc!.start.line;
    const inline = text.slice(lineStarts[line - 1]!, c.start).trim() !== '';
    const parts = c.type === 'Line' ? [c.value] : c.value.split('\n').map((p, k) => (k === 0 ? p : p.replace(/^\s*\*(?!\/)/, '')));
    parts.forEach((part, k) => {
      if (c.type === 'Block' && part.trim() === '' && (k === 0 || k === parts.length - 1)) return;
      comments.push({ file, line: line + k, text: part.trimEnd(), inline: k === 0 && inline });
    });
  }
  const found2: JsDomain[] = [];
  findDomains(program.body, found2, 0);
  // A top-level `D(...);` written alone on its lines can be deleted by lines.
  const alone = new Map<number, { startLine: number; endLine: number }>();
  for (const statement of program.body as AnyNode[]) {
    if (statement.type !== 'ExpressionStatement' || domainCall(statement.expression) === undefined) continue;
    const loc = statement.loc!;
    const before = text.slice(lineStarts[loc.start.line - 1]!, (statement as unknown as { start: number }).start);
    const lineEnd = text.indexOf('\n', (statement as unknown as { end: number }).end);
    const after = text.slice((statement as unknown as { end: number }).end, lineEnd === -1 ? text.length : lineEnd);
    if (before.trim() === '' && /^\s*(\/\/.*)?$/.test(after))
      alone.set(loc.start.line, { startLine: loc.start.line, endLine: loc.end.line });
  }
  const domains = found2.map((d) => (alone.has(d.startLine) ? { ...d, statement: alone.get(d.startLine)! } : d));
  const configuration: Array<{ startLine: number; endLine: number }> = [];
  for (const statement of program.body as AnyNode[]) {
    const loc = statement.loc!;
    if (!domains.some((d) => d.startLine >= loc.start.line && d.endLine <= loc.end.line))
      configuration.push({ startLine: loc.start.line, endLine: loc.end.line });
  }
  return { ok: true, scan: { comments, domains, configuration, usesDefaults: /\bDEFAULTS\s*\(/.test(text) } };
}
