/**
 * Host names in values: the content of the types whose content is one (CNAME: not the root, not
 * an address, not itself; MX, NS, PTR) and the data fields that hold one (SRV/HTTPS/SVCB targets,
 * NAPTR replacement), as each type's definition says (src/core/record-types). Labels may contain `_`, and
 * `.` (the root: null MX, "no service") stays valid where the type allows it; no strict
 * RFC 1123 host name format. A single-label target (`c3`) is a warning: it most likely means
 * `c3.<zone>`.
 */
import { definitionOf } from '../../record-types/index.js';
import type { PathSegment } from '../../text/index.js';
import type { Rule, RuleContext } from './context.js';
import { looksLikeAddress, targetHostnameProblem } from './hostname-checks.js';

function report(ctx: RuleContext, at: readonly PathSegment[], raw: string, canonical: string, allowRoot: boolean, what: string): void {
  if (looksLikeAddress(raw.trim())) {
    ctx.sink.error('target.address', at, `${what} must be a host name, not an address (${raw.trim()})`);
    return;
  }
  const problem = targetHostnameProblem(canonical, allowRoot);
  if (problem) {
    ctx.sink.error('target.hostname', at, `${what} ${JSON.stringify(raw.trim())} ${problem}`);
    return;
  }
  // Targets are absolute: `c3` is the top-level name `c3.`, not `c3.<zone>` as in a BIND file.
  if (canonical !== '.' && !canonical.includes('.')) {
    ctx.sink.warning(
      'target.single-label',
      at,
      `${what} \`${raw.trim()}\` is a single label: targets are not relative to the zone, so this names the top-level \`${canonical}.\`; did you mean ${canonical}.${ctx.fragmentAlone === true ? '<zone>' : ctx.zone}?`,
    );
  }
}

export const checkTargets: Rule = (ctx) => {
  for (const e of ctx.records) {
    const t = e.record.type;
    const definition = definitionOf(t);
    if (definition.kind === 'content') {
      const content = definition.target;
      if (content === undefined) continue;
      const at = [...e.path, 'content'];
      const canonical = e.record.content ?? '';
      report(ctx, at, e.raw.content ?? '', canonical, content.allowRoot, content.what);
      if (content.notItsOwnName === true && canonical === e.record.name) {
        ctx.sink.error('cname.self', at, `a ${t} cannot point to its own name`);
      }
      continue;
    }
    for (const field of definition.fields) {
      if (field.shape.kind !== 'hostname') continue;
      const raw = e.raw.data?.[field.name];
      const canonical = e.record.data?.[field.name];
      if (typeof raw !== 'string' || typeof canonical !== 'string') continue;
      report(ctx, [...e.path, 'data', field.name], raw, canonical, true, `${t} ${field.name}`);
    }
  }
};
