/**
 * Where a long TXT splits is the writer's choice (model/txt-strings.ts): a desired value written as
 * unquoted text longer than 255 bytes ("free split") is the same record as a live one with the
 * same text, whatever its strings (octoDNS splits a 400-byte DKIM key at 253 bytes, counting its
 * `\;` escapes: octodns octodns/record/chunked.py `_legacy_chunked_value`, octodns-cloudflare
 * `_contents_for_TXT`; the service at 255). Before a (name, TXT) group is matched, such a desired
 * record takes the live record's spelling, so that it pairs with it as equal and nothing is
 * rewritten for the split alone; a live value written unquoted (the service's 255-byte split)
 * is likewise the desired strings it splits into. Quoted strings keep their boundaries exactly.
 * Normalizing before the diff, as DESIGN asks: the matching itself stays by value key. Pure.
 */
import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import { isFreeSplitTxt, txtJoinedBytes, txtStrings } from '../model/txt-strings.js';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** True when the desired and the live TXT content are one record, their splits apart. */
function sameText(desired: string, live: string): boolean {
  if (isFreeSplitTxt(desired)) return sameBytes(txtJoinedBytes(desired), txtJoinedBytes(live));
  if (!isFreeSplitTxt(live)) return false;
  const want = txtStrings(desired);
  const have = txtStrings(live);
  return want.length === have.length && want.every((s, i) => sameBytes(s, have[i]!));
}

/** The desired TXT records of one (name, type) group, free-split ones spelled as the live record they equal. */
export function adoptLiveSplits(desired: readonly CanonicalRecord[], live: readonly LiveRecord[] | undefined): readonly CanonicalRecord[] {
  if (live === undefined || live.length === 0) return desired;
  const free = (content: string | undefined): boolean => content !== undefined && isFreeSplitTxt(content);
  if (!desired.some((d) => free(d.content)) && !live.some((l) => free(l.content))) return desired;
  // Exact spellings pair first; only the rest may be matched by text.
  const unclaimed = [...live];
  const exact = desired.map((d) => {
    const i = unclaimed.findIndex((l) => l.content === d.content);
    if (i < 0) return false;
    unclaimed.splice(i, 1);
    return true;
  });
  return desired.map((d, k) => {
    if (exact[k] || d.content === undefined) return d;
    const i = unclaimed.findIndex((l) => l.content !== undefined && sameText(d.content!, l.content));
    if (i < 0) return d;
    const [l] = unclaimed.splice(i, 1);
    return { ...d, content: l!.content };
  });
}
