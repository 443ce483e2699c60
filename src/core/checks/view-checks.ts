/**
 * The checks of an account file's `views:` (the account's internal DNS views), run by every
 * command that reads it: within the file (src/core/zonefile/rules/views.ts) and against the zone
 * files read with it (src/core/zonefile/rules/view-members.ts). Their source: "Manage DNS views"
 * (https://developers.cloudflare.com/dns/internal-dns/dns-views/, "Configuration conditions")
 * and "Manage internal zones" (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/). Pure.
 */
import type { CheckFacts, RefusalSource } from './check.js';

const VIEWS_DOC = 'https://developers.cloudflare.com/dns/internal-dns/dns-views/';
const doc = (url: string): RefusalSource => ({ kind: 'doc', url });
const file = (why: string): RefusalSource => ({ kind: 'file', why });

export const VIEW_CHECKS = {
  'view.name-empty': {
    severity: 'error',
    ref: `${VIEWS_DOC} (a view has a name)`,
    description: 'a DNS view has a name (the key of its entry under `views`)',
    source: file('the view has no name to create it with'),
  },
  'view.duplicate-zone': {
    severity: 'error',
    ref: `${VIEWS_DOC} ("Each internal DNS zone name must be unique within a given DNS view")`,
    description: 'a view names each zone once',
    source: doc(VIEWS_DOC),
  },
  'view.public-zone': {
    severity: 'error',
    ref: `${VIEWS_DOC} ("A DNS view cannot contain public DNS zones")`,
    description: 'a view holds internal zones only (`zone_type: internal`), never a public zone',
    source: doc(VIEWS_DOC),
  },
  'view.same-name-zones': {
    severity: 'error',
    ref: 'developers.cloudflare.com/dns/internal-dns/internal-zones/setup/ ("two internal zones with the same name cannot be linked to the same view")',
    description: 'two internal zones of one name are never in the same view',
    source: doc('https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/'),
  },
  'view.ambiguous-zone': {
    severity: 'error',
    ref: 'developers.cloudflare.com/dns/internal-dns/internal-zones/setup/ ("There can be several internal zones with the same name in one account")',
    description: 'a zone name that several internal zone files of the repository describe is named by `{ zone_id }` instead',
    source: file('several internal zones of the repository have that name: the file does not say which one the view holds'),
  },
} as const satisfies Record<string, CheckFacts>;

export type ViewCheckCode = keyof typeof VIEW_CHECKS;
