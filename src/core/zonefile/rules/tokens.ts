/**
 * Token specs: unique names; timestamps `YYYY-MM-DDThh:mm:ssZ` with not_before < expires_on;
 * client IP conditions in CIDR notation (a bare address gets a /32 or /128 hint); resource keys
 * of the forms in the service spec; `manage.tokens: delete` only with `manage.tokens_prefix`. (Policy `effect` allow|deny is checked by the schema.)
 */
import { parseCidr } from '../../model/addresses.js';
import type { PathSegment } from '../../text/index.js';
import type { RawIpCondition } from '../raw-types.js';
import type { Rule, RuleContext, TokenEntry } from './context.js';

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** Milliseconds since the epoch of a valid `YYYY-MM-DDThh:mm:ssZ`, else undefined. */
function parseTokenTimestamp(value: string): number | undefined {
  const m = TIMESTAMP.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return undefined;
  }
  return t;
}

const P = 'com\\.cloudflare\\.api';
const HEX = '[0-9a-fA-F]{32}';
const ACCOUNT = new RegExp(`^${P}\\.account\\.(${HEX}|\\{account_id\\})$`);
const ZONE = new RegExp(`^${P}\\.account\\.zone\\.(${HEX}|\\{zone_id\\}|\\*)$`);
const FLAT = [new RegExp(`^${P}\\.account\\.\\*$`), ZONE, new RegExp(`^${P}\\.user\\.${HEX}$`)];

const FORMS = [
  'com.cloudflare.api.account.<account_id>',
  'com.cloudflare.api.account.*',
  'com.cloudflare.api.account.zone.<zone_id> (or {zone_id})',
  'com.cloudflare.api.account.zone.*',
  'com.cloudflare.api.user.<user_tag>',
  'com.cloudflare.api.account.<account_id>: { com.cloudflare.api.account.zone.*: "*" }',
].join('; ');

function checkResources(ctx: RuleContext, t: TokenEntry): void {
  t.raw.policies.forEach((policy, pi) => {
    for (const [key, value] of Object.entries(policy.resources)) {
      const at: PathSegment[] = [...t.path, 'policies', pi, 'resources', key];
      if (typeof value === 'object') {
        if (!ACCOUNT.test(key)) {
          ctx.sink.keyError(
            'token.resource-key',
            at,
            `resource \`${key}\` cannot hold nested zones; only an account key (com.cloudflare.api.account.<account_id>) can`,
          );
          continue;
        }
        for (const [inner, innerValue] of Object.entries(value)) {
          if (!ZONE.test(inner)) {
            ctx.sink.keyError(
              'token.resource-key',
              [...at, inner],
              `resource \`${inner}\` inside an account must be com.cloudflare.api.account.zone.* or com.cloudflare.api.account.zone.<zone_id>`,
            );
          } else if (innerValue !== '*') {
            ctx.sink.error('token.resource-value', [...at, inner], `resource value must be "*", not ${JSON.stringify(innerValue)}`);
          }
        }
        continue;
      }
      if (!ACCOUNT.test(key) && !FLAT.some((re) => re.test(key))) {
        ctx.sink.keyError('token.resource-key', at, `resource key \`${key}\` is not one of the service's forms: ${FORMS}`);
      } else if (value !== '*') {
        ctx.sink.error('token.resource-value', at, `resource value must be "*", not ${JSON.stringify(value)}`);
      }
    }
  });
}

function checkCidrs(ctx: RuleContext, cond: RawIpCondition | undefined, at: readonly PathSegment[]): void {
  if (!cond) return;
  for (const list of ['in', 'not_in'] as const) {
    (cond[list] ?? []).forEach((value, i) => {
      const p = parseCidr(value);
      if (p.ok) {
        if (p.network !== p.cidr) {
          ctx.sink.warning(
            'token.cidr-host-bits',
            [...at, list, i],
            `${value} has host bits set: the range is ${p.network}; write that (the service may store it so, and the token would never match the file)`,
          );
        }
        return;
      }
      if (p.reason === 'bare-address') {
        const suffix = p.family === 'ipv4' ? '/32' : '/128';
        ctx.sink.error(
          'token.cidr-bare',
          [...at, list, i],
          `${value} is a single address, not a CIDR range; add ${suffix} (${value.trim()}${suffix})`,
        );
      } else {
        ctx.sink.error('token.cidr', [...at, list, i], `${JSON.stringify(value)} is not a CIDR range (e.g. 192.0.2.0/24 or 2001:db8::/32)`);
      }
    });
  }
}

export const checkTokens: Rule = (ctx) => {
  // `manage.tokens: delete` never deletes without a name prefix that fences off what it may delete.
  if (ctx.manage?.tokens === 'delete' && ctx.manage.tokens_prefix === undefined) {
    ctx.sink.error(
      'token.delete-prefix',
      ['manage', 'tokens'],
      '"delete" needs manage.tokens_prefix (only unlisted tokens whose names start with it are deleted)',
    );
  }
  // One name, one token, whoever owns it (`owner: account` too): `--token-output` keeps new secrets by name.
  const names = new Map<string, TokenEntry>();
  for (const t of ctx.tokens) {
    const earlier = names.get(t.raw.name);
    if (earlier) {
      ctx.sink.error(
        'token.duplicate-name',
        [...t.path, 'name'],
        `token name ${JSON.stringify(t.raw.name)} is already used at tokens[${earlier.index}] (line ${ctx.sink.lineOf(earlier.path)}); tokens are matched by name`,
      );
    } else {
      names.set(t.raw.name, t);
    }
    const times: Partial<Record<'not_before' | 'expires_on', number>> = {};
    for (const f of ['not_before', 'expires_on'] as const) {
      const v = t.raw[f];
      if (v === undefined) continue;
      const ms = parseTokenTimestamp(v);
      if (ms === undefined) {
        ctx.sink.error(
          'token.timestamp',
          [...t.path, f],
          `${f} ${JSON.stringify(v)} must be a UTC time written exactly YYYY-MM-DDThh:mm:ssZ (e.g. 2026-01-01T00:00:00Z)`,
        );
      } else {
        times[f] = ms;
      }
    }
    if (times.not_before !== undefined && times.expires_on !== undefined && times.not_before >= times.expires_on) {
      ctx.sink.error(
        'token.time-order',
        [...t.path, 'expires_on'],
        `expires_on ${t.raw.expires_on} must be after not_before ${t.raw.not_before}`,
      );
    }
    const cond = t.raw.condition;
    if (cond) {
      checkCidrs(ctx, cond['request.ip'], [...t.path, 'condition', 'request.ip']);
      checkCidrs(ctx, cond.request_ip, [...t.path, 'condition', 'request_ip']);
      if (cond['request.ip'] && cond.request_ip) {
        ctx.sink.keyError(
          'token.condition-twice',
          [...t.path, 'condition', 'request_ip'],
          'write the IP condition once: `request.ip` or `request_ip`, not both',
        );
      }
    }
    checkResources(ctx, t);
  }
};
