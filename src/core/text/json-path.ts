/** A location inside the parsed document: object keys and array indexes. */
export type PathSegment = string | number;
export type DocPath = readonly PathSegment[];

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** `records[3].content`, `tokens[0].condition["request.ip"]`; the root is "". */
export function formatPath(path: DocPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (IDENTIFIER.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/**
 * Segments of a JSON pointer (as ajv's `instancePath`) resolved against the document, so that
 * array indexes become numbers.
 */
export function pointerToPath(pointer: string, doc: unknown): PathSegment[] {
  if (pointer === '') return [];
  const parts = pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: PathSegment[] = [];
  let node: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(node) && /^\d+$/.test(part)) {
      const i = Number(part);
      out.push(i);
      node = node[i];
    } else {
      out.push(part);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
  }
  return out;
}

/** True when `path` is `prefix` or lies below it. */
export function isPathWithin(path: DocPath, prefix: DocPath): boolean {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i += 1) if (path[i] !== prefix[i]) return false;
  return true;
}
