/**
 * Entries of a master file -> resource records with absolute owner names, TTLs and raw RDATA
 * tokens: `$ORIGIN` (relative names and `@`), `$TTL`, an omitted owner (the previous one), TTL
 * and class in either order, TTL units (1h30m, 2d, 1w). `$INCLUDE` is refused (the service's
 * import refuses it too: developers.cloudflare.com/dns/manage-dns-records/how-to/import-and-export);
 * `$GENERATE` is reported as not supported. Pure.
 */
import { tokenizeMasterFile, tokenText, type Entry, type Token } from './tokenize.js';

export interface ResourceRecord {
  readonly line: number;
  /** Absolute owner, lower-case, without the trailing dot. */
  readonly owner: string;
  readonly ttl?: number;
  readonly type: string;
  readonly rdata: readonly Token[];
  readonly comment?: string;
  /** The origin in force (to resolve relative names inside RDATA). */
  readonly origin: string;
}

export interface MasterFileProblem {
  readonly line: number;
  readonly message: string;
}

export interface ParsedMasterFile {
  readonly records: ResourceRecord[];
  readonly problems: MasterFileProblem[];
  /** The last `$TTL`, if any. */
  readonly defaultTtl?: number;
}

const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
const UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** `3600`, `1h`, `1h30m`, `2D`: seconds, or undefined when not a TTL. */
export function parseTtl(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^(\d+[smhdw])+$/i.test(text)) return undefined;
  let total = 0;
  for (const m of text.toLowerCase().matchAll(/(\d+)([smhdw])/g)) total += Number(m[1]) * UNITS[m[2]];
  return total;
}

/** A name token resolved against the origin: absolute, lower-case, without the trailing dot ("" for the root). */
export function resolveName(text: string, origin: string): string {
  if (text === '@') return origin;
  if (text === '.') return '';
  if (text.endsWith('.') && !text.endsWith('\\.')) return text.slice(0, -1).toLowerCase();
  return (origin === '' ? text : `${text}.${origin}`).toLowerCase();
}

function isTypeName(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9-]*$/.test(text) && !CLASSES.has(text.toUpperCase()) && parseTtl(text) === undefined;
}

/** Reads a master file; `origin` is the zone (used until a `$ORIGIN` says otherwise). */
export function parseMasterFile(text: string, origin: string): ParsedMasterFile {
  const records: ResourceRecord[] = [];
  const problems: MasterFileProblem[] = [];
  let currentOrigin = origin.toLowerCase().replace(/\.$/, '');
  let defaultTtl: number | undefined;
  let previousOwner: string | undefined;
  let entries: Entry[];
  try {
    entries = tokenizeMasterFile(text);
  } catch (err) {
    const e = err as { line?: number; message?: string };
    return { records, problems: [{ line: e.line ?? 1, message: e.message ?? String(err) }] };
  }
  for (const entry of entries) {
    const words = entry.tokens.map(tokenText);
    const first = words[0];
    if (!entry.inheritsOwner && first.startsWith('$')) {
      const directive = first.toUpperCase();
      if (directive === '$ORIGIN' && words[1] !== undefined) currentOrigin = resolveName(words[1], currentOrigin);
      else if (directive === '$TTL' && words[1] !== undefined && parseTtl(words[1]) !== undefined) defaultTtl = parseTtl(words[1]);
      else if (directive === '$INCLUDE')
        problems.push({ line: entry.line, message: '$INCLUDE is not supported (the service refuses it too): inline the included file' });
      else
        problems.push({
          line: entry.line,
          message: `${first} is not supported${directive === '$GENERATE' ? ': expand it into records first' : ''}`,
        });
      continue;
    }
    let i = 0;
    let owner: string | undefined;
    if (entry.inheritsOwner) owner = previousOwner;
    else {
      owner = resolveName(first, currentOrigin);
      i = 1;
    }
    if (owner === undefined) {
      problems.push({
        line: entry.line,
        message: 'the record has no owner name (a line starting with white space needs a record above it)',
      });
      continue;
    }
    previousOwner = owner;
    let ttl: number | undefined;
    for (let k = 0; k < 2 && i < words.length - 1; k += 1) {
      if (CLASSES.has(words[i].toUpperCase())) {
        if (words[i].toUpperCase() !== 'IN') {
          problems.push({ line: entry.line, message: `class ${words[i]} is not IN: not imported` });
          owner = undefined;
          break;
        }
        i += 1;
      } else if (ttl === undefined && parseTtl(words[i]) !== undefined) {
        ttl = parseTtl(words[i]);
        i += 1;
      }
    }
    if (owner === undefined) continue;
    const type = words[i];
    if (type === undefined || !isTypeName(type)) {
      problems.push({ line: entry.line, message: `cannot read a record type in "${words.join(' ')}"` });
      continue;
    }
    records.push({
      line: entry.line,
      owner,
      ...((ttl ?? defaultTtl) !== undefined ? { ttl: ttl ?? defaultTtl } : {}),
      type: type.toUpperCase(),
      rdata: entry.tokens.slice(i + 1),
      ...(entry.comment !== undefined ? { comment: entry.comment } : {}),
      origin: currentOrigin,
    });
  }
  return { records, problems, ...(defaultTtl !== undefined ? { defaultTtl } : {}) };
}
