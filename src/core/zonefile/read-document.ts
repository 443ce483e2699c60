/**
 * The stages every file goes through before its own rules: UTF-8 check, YAML with positions,
 * `${VAR}` interpolation and the JSON Schema. Zone files, account files and fragments all start
 * here (load-zone-file.ts, fragments.ts).
 */
import {
  interpolateDocument,
  type Env,
  type InterpolationOptions,
  type SourceFile,
  parseYaml,
  type PositionIndex,
  PROBLEM_LIMIT,
  ProblemSink,
  findReplacementCharacter,
} from '../yaml/index.js';
import { isPathWithin, type PathSegment } from '../text/index.js';
import { validateAgainstSchema, type SchemaIssue } from '../schema/index.js';

export interface ReadDocument {
  readonly doc: Record<string, unknown>;
  readonly positions: PositionIndex;
  /** Schema issues, apart from those within a value that holds an unresolved `${VAR}`. */
  readonly issues: SchemaIssue[];
  /** Paths of values whose `${VAR}` could not be resolved (already reported). */
  readonly unresolved: PathSegment[][];
  /** False when the schema stopped looking (past the problem limit). */
  readonly complete: boolean;
}

/** True when `path` lies within one of `prefixes` (keys of `pathKey`): linear in the path's length. */
function withinAny(path: readonly PathSegment[], prefixes: ReadonlySet<string>): boolean {
  if (prefixes.size === 0) return false;
  for (let n = 0; n <= path.length; n += 1) if (prefixes.has(pathKey(path.slice(0, n)))) return true;
  return false;
}

function pathKey(path: readonly PathSegment[]): string {
  return path.map((s) => (typeof s === 'number' ? `#${s}` : `.${s}`)).join('');
}

export function hasIssueWithin(issues: readonly SchemaIssue[], prefix: readonly PathSegment[]): boolean {
  return issues.some((i) => isPathWithin(i.path, prefix));
}

/** Index of the first-level item (`records[i]`, `tokens[i]`) each schema issue falls into. */
export function invalidItems(issues: readonly SchemaIssue[], list: 'records' | 'tokens'): Set<number> {
  const out = new Set<number>();
  for (const i of issues) if (i.path[0] === list && typeof i.path[1] === 'number') out.add(i.path[1]);
  return out;
}

/** Whether a YAML text can give a string value holding `${` (see the use in `readDocument`). */
function mayHoldReference(text: string): boolean {
  return text.includes('${') || text.includes('\\');
}

/**
 * The document of one file, its problems so far in `sink` (made here, for the file), or
 * undefined when the file is no mapping at all (the problem is in the sink).
 */
export function readDocument<S extends ProblemSink = ProblemSink>(
  source: SourceFile,
  env: Env,
  rootMessage: string,
  makeSink: (file: string, positions: PositionIndex | null) => S = (file, positions) => new ProblemSink(file, positions) as S,
  interpolation: InterpolationOptions = {},
): { sink: S; read?: ReadDocument } {
  const undecodable = findReplacementCharacter(source.text);
  if (undecodable) {
    const sink = makeSink(source.path, null);
    sink.at(
      'error',
      'file.utf8',
      undecodable.line,
      undecodable.col,
      'the file is not valid UTF-8 here (a byte sequence that is not UTF-8, read as U+FFFD); save the file as UTF-8 (in TXT content, write other bytes as \\DDD decimal escapes inside double quotes)',
    );
    return { sink };
  }
  const parsed = parseYaml(source.text);
  if (!parsed.ok) {
    const sink = makeSink(source.path, null);
    sink.at('error', parsed.code, parsed.line, parsed.col, parsed.message);
    return { sink };
  }
  const positions = parsed.positions;
  const sink = makeSink(source.path, positions);
  if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    sink.error('schema.root', [], rootMessage);
    return { sink };
  }
  // Every string of the document is read from the text: a value can hold `${` only when the text
  // does, or through a double-quoted escape (`"\x24{"`, an escaped line break), which needs a
  // backslash. Without either, the walk over every scalar finds nothing (bench/README.md, part 6).
  const interpolated = mayHoldReference(source.text)
    ? interpolateDocument(parsed.value, env, interpolation)
    : { value: parsed.value, issues: [] };
  for (const issue of interpolated.issues) sink.error(issue.code, issue.path, issue.message);
  const unresolved = interpolated.issues.map((i) => i.path);
  const unresolvedKeys = new Set(unresolved.map(pathKey));
  const doc = interpolated.value as Record<string, unknown>;

  // Values still holding an unresolved `${VAR}` are already reported: no second, confusing error.
  const schema = validateAgainstSchema(doc, PROBLEM_LIMIT);
  if (!schema.complete) sink.markIncomplete();
  const issues = schema.issues.filter((i) => !withinAny(i.path, unresolvedKeys));
  for (const i of issues) {
    if (i.atKey) sink.keyError(i.code, i.path, i.message);
    else sink.error(i.code, i.path, i.message);
  }
  return { sink, read: { doc, positions, issues, unresolved, complete: schema.complete } };
}
