/**
 * Retired interfaces of the spec's versioning table. Each answers 410 Gone with code 7004 (the
 * emulator's choice) and a message naming the retirement date and the replacement.
 */
import { ApiError, type Route } from '../contract.js';

export const RETIRED_CODE = 7004;

type Method = Route['method'];

export interface RetiredFamily {
  date: string;
  what: string;
  replacement: string;
  endpoints: Array<[Method[], string]>;
}

const ALL: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
const GP: Method[] = ['GET', 'PATCH'];

const RULESET_CUSTOM =
  'WAF custom rules (the rulesets API, phase http_request_firewall_custom: /zones/{zone_id}/rulesets/phases/http_request_firewall_custom/entrypoint)';

export const RETIRED: readonly RetiredFamily[] = [
  {
    date: '2025-06-15',
    what: 'Firewall rules',
    replacement: RULESET_CUSTOM,
    endpoints: [
      [ALL, '/zones/:zone_id/firewall/rules'],
      [ALL, '/zones/:zone_id/firewall/rules/:rule_id'],
    ],
  },
  {
    date: '2025-06-15',
    what: 'Filters',
    replacement: RULESET_CUSTOM,
    endpoints: [
      [ALL, '/zones/:zone_id/filters'],
      [ALL, '/zones/:zone_id/filters/:filter_id'],
    ],
  },
  {
    date: '2025-06-15',
    what: 'WAF managed rules (previous version)',
    replacement: 'the new WAF managed rules (the rulesets API, phase http_request_firewall_managed)',
    endpoints: [
      [ALL, '/zones/:zone_id/firewall/waf/packages'],
      [ALL, '/zones/:zone_id/firewall/waf/packages/:package_id'],
      [ALL, '/zones/:zone_id/firewall/waf/packages/:package_id/groups'],
      [ALL, '/zones/:zone_id/firewall/waf/packages/:package_id/groups/:group_id'],
      [ALL, '/zones/:zone_id/firewall/waf/packages/:package_id/rules'],
      [ALL, '/zones/:zone_id/firewall/waf/packages/:package_id/rules/:rule_id'],
      [ALL, '/zones/:zone_id/firewall/waf/overrides'],
      [ALL, '/zones/:zone_id/firewall/waf/overrides/:override_id'],
    ],
  },
  {
    date: '2025-06-15',
    what: 'Rate limiting (previous version)',
    replacement: 'rate limiting rules (the rulesets API, phase http_ratelimit)',
    endpoints: [
      [ALL, '/zones/:zone_id/rate_limits'],
      [ALL, '/zones/:zone_id/rate_limits/:rate_limit_id'],
    ],
  },
  {
    date: '2025-03-23',
    what: 'Custom nameserver availability',
    replacement: 'nothing: every zone is now eligible for custom nameservers',
    endpoints: [[ALL, '/accounts/:account_id/custom_ns/availability']],
  },
  {
    date: '2025-03-21',
    what: 'The cname_flattening zone setting',
    replacement: 'flatten_all_cnames on GET/PATCH /zones/{zone_id}/dns_settings (off and apex = false, on = true)',
    endpoints: [[GP, '/zones/:zone_id/settings/cname_flattening']],
  },
  {
    date: '2024-09-13',
    what: 'The use_apex_ns DNS setting endpoint',
    replacement: 'multi_provider on GET/PATCH /zones/{zone_id}/dns_settings',
    endpoints: [[GP, '/zones/:zone_id/dns_settings/use_apex_ns']],
  },
  {
    date: '2024-09-13',
    what: 'The secondary_overrides DNS setting endpoint',
    replacement: 'the secondary_overrides field on GET/PATCH /zones/{zone_id}/dns_settings',
    endpoints: [[GP, '/zones/:zone_id/dns_settings/secondary_overrides']],
  },
  {
    date: '2024-08-15',
    what: 'The brotli zone setting',
    replacement: 'nothing: compression is managed by the service (compression rules)',
    endpoints: [[GP, '/zones/:zone_id/settings/brotli']],
  },
  {
    date: '2024-08-05',
    what: 'The minify zone setting',
    replacement: 'nothing: minification was removed',
    endpoints: [[GP, '/zones/:zone_id/settings/minify']],
  },
  {
    date: '2024-06-30',
    what: 'The mobile_redirect zone setting',
    replacement: 'single redirects (the rulesets API, phase http_request_dynamic_redirect)',
    endpoints: [[GP, '/zones/:zone_id/settings/mobile_redirect']],
  },
  {
    date: '2024-06-14',
    what: 'The server_side_exclude zone setting',
    replacement: 'nothing',
    endpoints: [[GP, '/zones/:zone_id/settings/server_side_exclude']],
  },
  {
    date: '2024-03-31',
    what: 'The privacy_pass zone setting',
    replacement: 'nothing',
    endpoints: [[['GET', 'POST', 'PATCH'], '/zones/:zone_id/settings/privacy_pass']],
  },
  {
    date: '2024-02-04',
    what: 'Argo tunnels',
    replacement: 'the tunnel API (/accounts/{account_id}/cfd_tunnel)',
    endpoints: [
      [ALL, '/accounts/:account_id/tunnels'],
      [ALL, '/accounts/:account_id/tunnels/:tunnel_id'],
    ],
  },
  {
    date: '2023-06-06',
    what: 'Billing profiles and history',
    replacement: 'nothing',
    endpoints: [
      [ALL, '/accounts/:account_id/billing/profile'],
      [ALL, '/user/billing/profile'],
      [ALL, '/user/billing/history'],
    ],
  },
  {
    date: '2023-03-19',
    what: 'Access bookmarks',
    replacement: 'Access applications of type bookmark (/accounts/{account_id}/access/apps)',
    endpoints: [
      [ALL, '/accounts/:account_id/access/bookmarks'],
      [ALL, '/accounts/:account_id/access/bookmarks/:uuid'],
    ],
  },
  {
    date: '2022-10-11',
    what: 'Script monitor routes',
    replacement: 'the page_shield routes (/zones/{zone_id}/page_shield)',
    endpoints: [
      [ALL, '/zones/:zone_id/script_monitor'],
      [ALL, '/zones/:zone_id/script_monitor/scripts'],
      [ALL, '/zones/:zone_id/script_monitor/scripts/:script_id'],
    ],
  },
  {
    date: '2022-07-01',
    what: 'Images direct upload v1',
    replacement: 'POST /accounts/{account_id}/images/v2/direct_upload',
    endpoints: [[ALL, '/accounts/:account_id/images/v1/direct_upload']],
  },
  {
    date: '2021-03-01',
    what: 'Zone analytics (dashboard and colos)',
    replacement: 'the GraphQL analytics API (/graphql)',
    endpoints: [
      [ALL, '/zones/:zone_id/analytics/dashboard'],
      [ALL, '/zones/:zone_id/analytics/colos'],
    ],
  },
  {
    date: '2020-04-02',
    what: 'Organizations',
    replacement: 'the accounts API (/accounts)',
    endpoints: [
      [ALL, '/organizations/:organization_id'],
      [ALL, '/organizations/:organization_id/invites'],
      [ALL, '/organizations/:organization_id/invites/:invite_id'],
      [ALL, '/organizations/:organization_id/members'],
      [ALL, '/organizations/:organization_id/members/:member_id'],
      [ALL, '/organizations/:organization_id/roles'],
      [ALL, '/organizations/:organization_id/roles/:role_id'],
      [ALL, '/organizations/:organization_id/audit_logs'],
      [ALL, '/organizations/:organization_id/railguns'],
      [ALL, '/organizations/:organization_id/railguns/:railgun_id'],
      [ALL, '/organizations/:organization_id/railguns/:railgun_id/zones'],
    ],
  },
];

export function retiredMessage(family: RetiredFamily): string {
  return `${family.what}: this endpoint was retired on ${family.date}. Use ${family.replacement} instead.`;
}

export function retiredRoutes(): Route[] {
  const routes: Route[] = [];
  for (const family of RETIRED) {
    for (const [methods, path] of family.endpoints) {
      for (const method of methods) {
        routes.push({
          method,
          path,
          handle: () => {
            throw new ApiError(410, [{ code: RETIRED_CODE, message: retiredMessage(family) }]);
          },
        });
      }
    }
  }
  return routes;
}
