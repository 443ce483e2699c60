/** `tag=value; tag=value` lists, as DKIM (RFC 6376 §3.2) and DMARC (RFC 7489 §6.4) write them. Pure. */

export interface TagList {
  readonly tags: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  readonly error?: string;
}

export function parseTagList(text: string): TagList {
  const tags: Array<{ name: string; value: string }> = [];
  for (const part of text.split(';')) {
    const spec = part.trim();
    if (spec === '') continue;
    const eq = spec.indexOf('=');
    if (eq <= 0) return { tags, error: `"${spec}" is not tag=value` };
    const name = spec.slice(0, eq).trim();
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) return { tags, error: `"${name}" is not a tag name` };
    if (tags.some((t) => t.name === name)) return { tags, error: `tag ${name} appears twice` };
    tags.push({ name, value: spec.slice(eq + 1).trim() });
  }
  return { tags };
}

export function tagValue(list: TagList, name: string): string | undefined {
  return list.tags.find((t) => t.name === name)?.value;
}
