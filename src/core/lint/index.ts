/**
 * `zonectl lint`: what breaks mail and the web, read from the zone file alone. Each check lives
 * in its own file (spf, dmarc, dkim, targets, caa, structure, proxied; DNSSEC's in
 * src/core/dnssec/lint.ts) with the RFC or the service's docs it comes from. Pure.
 */
import { lintDnssec } from '../dnssec/index.js';
import type { Problem } from '../yaml/index.js';
import { FRAGMENT_ZONE, type LintIgnoreEntry, type ZoneConfig } from '../zonefile/index.js';
import { lintCaa } from './caa.js';
import { lintDkim } from './dkim.js';
import { lintDmarc } from './dmarc.js';
import { checkLintIgnore, withoutIgnored } from './ignore.js';
import { lintProxied } from './proxied.js';
import { lintSpf } from './spf.js';
import { lintStructure } from './structure.js';
import { lintTargets } from './targets.js';
import { indexZone } from './zone-index.js';

export type { LintCode } from './finding.js';
export { checkLintIgnore, withoutIgnored } from './ignore.js';

const CHECKS = [lintSpf, lintDmarc, lintDkim, lintTargets, lintCaa, lintStructure, lintProxied] as const;

/**
 * What the checks see of a fragment linted alone (`zonectl lint shared/mail.yaml`): its records
 * in a stand-in zone, so the checks that look at other records of the zone (targets that exist,
 * proxied targets) do not run; every other finding is the one each including zone reports.
 */
const FRAGMENT_CHECKS = [lintSpf, lintDmarc, lintDkim, lintCaa, lintStructure, lintProxied] as const;

export interface LintOptions {
  /** The file is a fragment read alone (FRAGMENT_CHECKS). */
  readonly fragmentAlone?: boolean;
  /** `lint.ignore` of the repository configuration, after the zone's own. */
  readonly ignore?: readonly LintIgnoreEntry[];
}

/** Every finding of every check, ordered by line; silenced checks left out, unknown ids in `lint.ignore` reported. */
export function lintZone(config: ZoneConfig, options: LintOptions = {}): Problem[] {
  const index = indexZone(config);
  const ctx = { file: config.file, zone: config.zone };
  const checks = options.fragmentAlone === true ? FRAGMENT_CHECKS : CHECKS;
  const dnssec = lintDnssec({
    ...ctx,
    ...(config.dnssec !== undefined ? { dnssec: config.dnssec } : {}),
    records: config.records,
    ...(typeof config.settings?.multi_provider === 'boolean' ? { multiProvider: config.settings.multi_provider } : {}),
  });
  const ignore = [...(config.lintIgnore ?? []), ...(options.ignore ?? [])];
  const found = withoutIgnored([...checks.flatMap((check) => check(ctx, index)), ...dnssec], ignore);
  // A fragment alone: its names are relative to whichever zone includes it, `<zone>` in messages.
  const findings =
    options.fragmentAlone === true ? found.map((p) => ({ ...p, message: p.message.split(FRAGMENT_ZONE).join('<zone>') })) : found;
  return [...checkLintIgnore(config.lintIgnore ?? []), ...findings].sort((a, b) => a.line - b.line || a.col - b.col);
}
