/**
 * `zonectl lint`: what breaks mail and the web, read from the zone file alone. Each check lives
 * in its own file (spf, dmarc, dkim, targets, caa, structure; DNSSEC's in src/core/dnssec/lint.ts)
 * with the RFC it comes from. Pure.
 */
import { lintDnssec } from '../dnssec/index.js';
import type { Problem } from '../yaml/index.js';
import type { ZoneConfig } from '../zonefile/index.js';
import { lintCaa } from './caa.js';
import { lintDkim } from './dkim.js';
import { lintDmarc } from './dmarc.js';
import { lintSpf } from './spf.js';
import { lintStructure } from './structure.js';
import { lintTargets } from './targets.js';
import { indexZone } from './zone-index.js';

export type { LintCode } from './finding.js';

const CHECKS = [lintSpf, lintDmarc, lintDkim, lintTargets, lintCaa, lintStructure] as const;

/** Every finding of every check, ordered by line. */
export function lintZone(config: ZoneConfig): Problem[] {
  const index = indexZone(config);
  const ctx = { file: config.file, zone: config.zone };
  const dnssec = lintDnssec({
    ...ctx,
    ...(config.dnssec !== undefined ? { dnssec: config.dnssec } : {}),
    records: config.records,
    ...(typeof config.settings?.multi_provider === 'boolean' ? { multiProvider: config.settings.multi_provider } : {}),
  });
  return [...CHECKS.flatMap((check) => check(ctx, index)), ...dnssec].sort((a, b) => a.line - b.line || a.col - b.col);
}
