/**
 * The checks of sharing a zone (src/core/ownership/: external-dns, presets, the ownership
 * marker, team scopes), with the facts the check registry wants of each (check.ts). Emitted by
 * src/core/zonefile/rules/ownership.ts and, for team scopes (which need zonectl.yaml),
 * src/app/files/read-repository-config.ts. Pure.
 */
import type { CheckFacts } from './check.js';

const SHARING = 'README.md, "Sharing a zone"';

export const OWNERSHIP_RULE_CHECKS = {
  'ownership.marker': {
    severity: 'error',
    ref: SHARING,
    description:
      "no record of the file writes zonectl's ownership marker itself (a comment ending in `[zonectl]`, the tag `zonectl:owned`)",
    source: {
      kind: 'file',
      why: 'the marker says which records zonectl wrote (manage.unmanaged: owned); a file that writes it marks records by hand, and the marker is never compared',
    },
  },
  'externaldns.registry-listed': {
    severity: 'error',
    ref: `${SHARING}; https://kubernetes-sigs.github.io/external-dns/latest/docs/registry/txt/`,
    description:
      "no TXT record of the file is one of external-dns's registry records (`heritage=external-dns`) when external-dns shares the zone",
    source: {
      kind: 'file',
      why: "the file says external-dns shares the zone, whose registry records are external-dns's, and also lists one",
    },
  },
  'externaldns.affixes': {
    severity: 'error',
    ref: `${SHARING}; https://kubernetes-sigs.github.io/external-dns/latest/docs/registry/txt/ ("The two flags are mutually exclusive")`,
    description: 'manage.external_dns has a prefix or a suffix, not both',
    source: {
      kind: 'file',
      why: 'external-dns refuses --txt-prefix with --txt-suffix ("txt-prefix and txt-suffix are mutual exclusive", registry/txt/registry.go), so no registry has both: the file describes an external-dns that cannot run',
    },
  },
  'scope.outside': {
    severity: 'error',
    ref: `${SHARING} (zonectl.yaml owners:)`,
    description: "each record is in its file's scope: a team's file holds the team's names, a file of no team the names no team owns",
    source: { kind: 'file', why: "zonectl.yaml gives the name to another team (or to none) than the one the record's file belongs to" },
  },
  'scope.two-teams': {
    severity: 'error',
    ref: `${SHARING} (zonectl.yaml owners:)`,
    description: "a file belongs to one team at most (the `files` globs of zonectl.yaml's owners)",
    source: { kind: 'file', why: "two teams' `files` globs of zonectl.yaml match the file" },
  },
} as const satisfies Record<string, CheckFacts>;
