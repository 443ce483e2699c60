/**
 * CNAME records of the file that point at each other in a loop (`a -> b -> a`): a warning, at
 * the first record of the loop. RFC 1034 §3.6.2 makes a loop a configuration error that
 * resolvers must detect (no name of it resolves); the service refuses a CNAME to its own name
 * (`cname.self`, targets.ts: 9039 "CNAME content cannot reference itself") but nothing shows it
 * refusing a loop of two names or more, so zonectl never refuses one (issue 28). The chain walk
 * is src/core/plan/check-chains.ts; `plan` warns again.
 */
import { cnameLoopMessage, cnameLoops } from '../../plan/check-chains.js';
import type { Rule } from './context.js';

export const checkCnameLoops: Rule = (ctx) => {
  const loops = cnameLoops(ctx.records.map((e) => e.record));
  for (const loop of loops) {
    const first = ctx.records.find((e) => e.record.type === 'CNAME' && e.record.name === loop[0]);
    if (first !== undefined) ctx.sink.warning('cname.loop', [...first.path, 'content'], cnameLoopMessage(loop));
  }
};
