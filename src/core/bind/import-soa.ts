/**
 * `import --soa`: the SOA values of a BIND file that the service accepts go into `settings.soa`;
 * a value it would refuse (by the rules `validate` checks, `src/core/zonefile/rules/soa.ts`: a
 * retry above refresh, a timer outside the API schema's bounds) is left out, so the service keeps
 * its own, and reported with the SOA's line. Pure.
 */
import { checkSoaValues, type RawSoa } from '../zonefile/index.js';
import { ProblemSink } from '../yaml/index.js';
import type { MasterFileProblem } from './parse-master-file.js';

export interface AcceptedSoa {
  readonly soa: Record<string, unknown>;
  readonly problems: readonly MasterFileProblem[];
}

/** The SOA fields the service accepts, and a problem at `line` for each one left out. */
export function acceptedSoa(read: Readonly<Record<string, unknown>>, line: number): AcceptedSoa {
  const soa: Record<string, unknown> = { ...read };
  const problems: MasterFileProblem[] = [];
  // Leaving out one value can settle another's relation (retry <= refresh): check again.
  for (let round = 0; round < 4; round += 1) {
    const sink = new ProblemSink('import', null);
    checkSoaValues(soa as RawSoa, ['settings', 'soa'], sink);
    const errors = sink.finish().filter((p) => p.severity === 'error');
    if (errors.length === 0) break;
    const field = errors[0]!.path.split('.').pop()!;
    problems.push({ line, message: `${errors[0]!.message}: left out of settings.soa (the service keeps its value)` });
    delete soa[field];
  }
  return { soa, problems };
}
