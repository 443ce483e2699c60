/**
 * DNSControl's side of the hand-over (issue 40 item 4), as an edit of `dnsconfig.js`: the `D()`
 * call of each domain zonectl imported whole is deleted (with the comments directly above it, now
 * in the zone file), so that `dnscontrol push` no longer touches it. A domain that keeps records
 * DNSControl alone manages (redirects, worker routes, LOC), a `D()` written inside a function or
 * a loop, or an import without dnsconfig.js: said in words. Pure.
 */
import type { JsScan } from '../comments/js-comments.js';
import { type Handover, withoutLines } from '../handover.js';

const JS_COMMENT_LINE = /^\s*(\/\/|\/\*|\*)|\*\/\s*$/;

export function dnscontrolHandover(
  dnsconfig: { readonly file: string; readonly text: string; readonly scan: JsScan } | undefined,
  imported: readonly string[],
  keeping: ReadonlySet<string>,
): Handover {
  if (imported.length === 0) return { edits: [], byHand: [] };
  if (dnsconfig === undefined)
    return {
      edits: [],
      byHand: [`remove the D() calls of ${imported.join(', ')} from dnsconfig.js (zonectl read the print-ir JSON alone)`],
    };
  const byHand: string[] = [];
  const deletions: Array<{ startLine: number; endLine: number }> = [];
  for (const zone of imported) {
    const calls = dnsconfig.scan.domains.filter((d) => d.name.replace(/!.*$/, '').replace(/\.$/, '').toLowerCase() === zone);
    if (keeping.has(zone)) {
      byHand.push(
        `${zone} keeps records only DNSControl manages (listed above): in its D(), delete the records zonectl imported and add NO_PURGE, so that DNSControl never deletes what zonectl manages`,
      );
      continue;
    }
    if (calls.length === 0 || calls.some((c) => c.statement === undefined)) {
      byHand.push(
        `remove the D() call of ${zone} from ${dnsconfig.file} (${calls.length === 0 ? 'not found there' : 'not a statement of its own'})`,
      );
      continue;
    }
    for (const c of calls) deletions.push(c.statement!);
  }
  let text = dnsconfig.text;
  for (const d of deletions.sort((a, b) => b.startLine - a.startLine)) text = withoutLines(text, d.startLine, d.endLine, JS_COMMENT_LINE);
  return { edits: text === dnsconfig.text ? [] : [{ path: dnsconfig.file, before: dnsconfig.text, after: text }], byHand };
}
