/**
 * Live tokens -> the zone file's `tokens`: the tokens whose policies name this zone, with their
 * permission groups by name and this zone written as `{zone_id}` (its account as
 * `{account_id}`), so the file is portable and plans clean. A token's secret is never listed by
 * the service, so it cannot appear here. Pure.
 */
import type { LiveToken } from '../diff/diff-tokens.js';

export interface ExportedToken {
  name: string;
  policies: Array<{
    effect: string;
    permission_groups: Array<{ name: string } | { id: string }>;
    resources: Record<string, unknown>;
  }>;
  not_before?: string;
  expires_on?: string;
  condition?: { 'request.ip': { in?: string[]; not_in?: string[] } };
}

export interface TokenExportContext {
  readonly zoneId: string;
  readonly accountId?: string;
  readonly permissionGroups: ReadonlyArray<{ readonly id: string; readonly name: string }>;
}

const ZONE_RESOURCE = 'com.cloudflare.api.account.zone.';
const ACCOUNT_RESOURCE = 'com.cloudflare.api.account.';

function placeholders(key: string, ctx: TokenExportContext): string {
  let out = key.replaceAll(`${ZONE_RESOURCE}${ctx.zoneId}`, `${ZONE_RESOURCE}{zone_id}`);
  if (ctx.accountId !== undefined && ctx.accountId !== '')
    out = out.replaceAll(`${ACCOUNT_RESOURCE}${ctx.accountId}`, `${ACCOUNT_RESOURCE}{account_id}`);
  return out;
}

function exportResources(resources: Readonly<Record<string, unknown>>, ctx: TokenExportContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(resources)) {
    out[placeholders(key, ctx)] =
      typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [placeholders(k, ctx), v]))
        : value;
  }
  return out;
}

/** True when a policy of the token names the zone (directly or inside an account's zone map). */
export function tokenNamesZone(token: LiveToken, zoneId: string): boolean {
  const key = `${ZONE_RESOURCE}${zoneId}`;
  return (token.policies ?? []).some((p) =>
    Object.entries(p.resources ?? {}).some(([k, v]) => k === key || (typeof v === 'object' && v !== null && Object.hasOwn(v, key))),
  );
}

function ipList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.length > 0 ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

export function exportTokens(tokens: readonly LiveToken[], ctx: TokenExportContext): ExportedToken[] {
  const names = new Map(ctx.permissionGroups.map((g) => [g.id, g.name]));
  return tokens
    .filter((t) => tokenNamesZone(t, ctx.zoneId))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => {
      const out: ExportedToken = {
        name: t.name,
        policies: (t.policies ?? []).map((p) => ({
          effect: p.effect ?? 'allow',
          permission_groups: (p.permission_groups ?? []).map((g) => {
            const name = g.name ?? names.get(g.id);
            return name !== undefined ? { name } : { id: g.id };
          }),
          resources: exportResources(p.resources ?? {}, ctx),
        })),
      };
      if (t.not_before) out.not_before = t.not_before;
      if (t.expires_on) out.expires_on = t.expires_on;
      const ip = (t.condition?.['request.ip'] ?? t.condition?.request_ip) as Record<string, unknown> | undefined;
      const inList = ipList(ip?.in);
      const notIn = ipList(ip?.not_in);
      if (inList !== undefined || notIn !== undefined) {
        out.condition = { 'request.ip': { ...(inList ? { in: inList } : {}), ...(notIn ? { not_in: notIn } : {}) } };
      }
      return out;
    });
}
