/**
 * The service's zone-file comment for a record's comment, tags and reserved `cf-` tags
 * (developers.cloudflare.com/dns/manage-dns-records/how-to/import-and-export, "Record
 * attributes"): `; <comment> cf_tags=<tag>,<name:value>,<name:"value, with commas">,cf-proxied:true`.
 * A comment that itself contains `cf_tags=` gets an extra, empty `cf_tags=` at the end. Pure.
 */

export interface RecordAttributes {
  readonly comment?: string;
  readonly tags: readonly string[];
  /** From `cf-proxied:true|false`; undefined when the tag is absent. */
  readonly proxied?: boolean;
  /** `cf-flatten-cname` present. */
  readonly flattenCname: boolean;
}

function quoteTagValue(value: string): string {
  return /[,\s"\\]/.test(value) ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : value;
}

function formatTag(tag: string): string {
  const colon = tag.indexOf(':');
  return colon < 0 ? tag : `${tag.slice(0, colon)}:${quoteTagValue(tag.slice(colon + 1))}`;
}

/** The text after `;` for a record (without the `;`), or '' when there is nothing to say. */
export function formatRecordAttributes(attrs: RecordAttributes): string {
  const tags = [...attrs.tags.map(formatTag)];
  if (attrs.flattenCname) tags.push('cf-flatten-cname');
  if (attrs.proxied !== undefined) tags.push(`cf-proxied:${attrs.proxied}`);
  const comment = (attrs.comment ?? '').replace(/[\r\n]+/g, ' ').trim();
  if (tags.length === 0) return comment.includes('cf_tags=') ? `${comment} cf_tags=` : comment;
  return comment === '' ? `cf_tags=${tags.join(',')}` : `${comment} cf_tags=${tags.join(',')}`;
}

/** Splits `a,b:"x, y",c` at commas outside quotes, unquoting values. */
function splitTags(text: string): string[] {
  const tags: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted && c === '\\' && i + 1 < text.length) {
      current += text[i + 1];
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      if (current.trim() !== '') tags.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  if (current.trim() !== '') tags.push(current.trim());
  return tags;
}

/** Reads a record's trailing comment (text after `;`) as the service does on import. */
export function parseRecordAttributes(text: string): RecordAttributes {
  const at = text.lastIndexOf('cf_tags=');
  const comment = (at < 0 ? text : text.slice(0, at)).trim();
  const tags: string[] = [];
  let proxied: boolean | undefined;
  let flattenCname = false;
  for (const tag of at < 0 ? [] : splitTags(text.slice(at + 'cf_tags='.length))) {
    if (tag === 'cf-proxied:true') proxied = true;
    else if (tag === 'cf-proxied:false') proxied = false;
    else if (tag === 'cf-flatten-cname') flattenCname = true;
    else tags.push(tag);
  }
  // The last `cf_tags=` is the real one: a comment holding `cf_tags=` as text ends with an empty one.
  return { ...(comment !== '' ? { comment } : {}), tags, ...(proxied !== undefined ? { proxied } : {}), flattenCname };
}
