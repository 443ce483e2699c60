/**
 * Terraform addresses as the import report prints them (issue 39 item 7): in `removed { from =
 * ADDRESS ... }` blocks and `terraform state rm 'ADDRESS'` lines the user pastes, so nothing of
 * them may come out as anything but one address. Names (resource types and names, module names)
 * are Terraform identifiers, or refused: Terraform itself refuses any other ("A name must start
 * with a letter or underscore and may contain only letters, digits, underscores, and dashes",
 * https://developer.hashicorp.com/terraform/language/syntax/configuration#identifiers); an
 * instance key (`count` number, `for_each` string) is printed as an HCL quoted string with every
 * character that is not plain printable ASCII escaped, `${` and `%{` as their literal escapes
 * `$${` and `%%{` (https://developer.hashicorp.com/terraform/language/expressions/strings).
 * Pure.
 */

/** A name Terraform accepts for a resource, data source, type or module (HCL identifiers, Unicode letters included). */
const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

export function isTerraformName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** An instance key as Terraform reads it in an address: a number as it is, a string quoted. */
export function instanceKeyText(key: string | number): string {
  return typeof key === 'number' ? `[${key}]` : `[${hclQuoted(key)}]`;
}

/** A string as an HCL quoted literal: `"`, `\`, templates escaped; anything but printable ASCII as `\uNNNN` / `\UNNNNNNNN`. */
export function hclQuoted(text: string): string {
  let out = '"';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp <= 0xffff) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  // A function replacer: in a replacement string `$$` would be one `$`.
  return `${out.replace(/\$\{/g, () => '$${').replace(/%\{/g, () => '%%{')}"`;
}

/** The parts of an address read from `terraform show -json` (`module.a["k"].data.TYPE.NAME[0]`). */
export interface ParsedAddress {
  /** The module path, each step with its key if any (`module.a["k"]`), checked and re-quoted. */
  readonly modules: ReadonlyArray<{ readonly name: string; readonly key?: string | number }>;
  readonly mode: 'managed' | 'data';
  readonly type: string;
  readonly name: string;
  readonly key?: string | number;
}

/** `[0]` or `["..."]` at `at` of `text`: the key and where it ends, or undefined. */
function readKey(text: string, at: number): { key: string | number; end: number } | undefined {
  const number = /^\[(\d{1,15})\]/.exec(text.slice(at));
  if (number !== null) return { key: Number(number[1]), end: at + number[0].length };
  const quoted = /^\["((?:[^"\\]|\\.)*)"\]/.exec(text.slice(at));
  if (quoted === null) return undefined;
  try {
    // Terraform writes the key as a JSON string in `show -json` addresses.
    const key = JSON.parse(`"${quoted[1]}"`) as string;
    return { key, end: at + quoted[0].length };
  } catch {
    return undefined;
  }
}

/** An address of `terraform show -json`, read strictly; undefined when it is not one Terraform would write. */
export function parseAddress(address: string): ParsedAddress | undefined {
  const modules: Array<{ name: string; key?: string | number }> = [];
  let at = 0;
  const word = (): string | undefined => {
    const m = /^[^.[\]]+/.exec(address.slice(at));
    if (m === null || !isTerraformName(m[0])) return undefined;
    at += m[0].length;
    return m[0];
  };
  const dot = (): boolean => {
    if (address[at] !== '.') return false;
    at += 1;
    return true;
  };
  while (address.startsWith('module.', at)) {
    at += 'module.'.length;
    const name = word();
    if (name === undefined) return undefined;
    const key = address[at] === '[' ? readKey(address, at) : undefined;
    if (address[at] === '[' && key === undefined) return undefined;
    if (key !== undefined) at = key.end;
    modules.push({ name, ...(key !== undefined ? { key: key.key } : {}) });
    if (!dot()) return undefined;
  }
  let mode: 'managed' | 'data' = 'managed';
  if (address.startsWith('data.', at)) {
    mode = 'data';
    at += 'data.'.length;
  }
  const type = word();
  if (type === undefined || !dot()) return undefined;
  const name = word();
  if (name === undefined) return undefined;
  let key: string | number | undefined;
  if (address[at] === '[') {
    const k = readKey(address, at);
    if (k === undefined) return undefined;
    key = k.key;
    at = k.end;
  }
  if (at !== address.length) return undefined;
  return { modules, mode, type, name, ...(key !== undefined ? { key } : {}) };
}

/** The address of the resource (no instance key), as `removed { from = ... }` and reports name it. */
export function resourceAddressText(p: Omit<ParsedAddress, 'key'>): string {
  const modules = p.modules.map((m) => `module.${m.name}${m.key !== undefined ? instanceKeyText(m.key) : ''}.`).join('');
  return `${modules}${p.mode === 'data' ? 'data.' : ''}${p.type}.${p.name}`;
}

/** The address of one instance, as `terraform state rm` takes it. */
export function instanceAddressText(p: ParsedAddress): string {
  return `${resourceAddressText(p)}${p.key !== undefined ? instanceKeyText(p.key) : ''}`;
}

/** A `removed` block can name the resource: its module path has no instance key (Terraform refuses one there). */
export function removableByBlock(p: Omit<ParsedAddress, 'key'>): boolean {
  return p.modules.every((m) => m.key === undefined);
}
