/**
 * The converse of valid-means-accepted (issue 19, item 1): for each rule the emulator enforces
 * on a record write (src/emulator/records: validate.ts, content.ts, data.ts, hostnames.ts,
 * txt-content.ts, record-settings.ts, zone-records.ts), a valid zone file (valid-zone.ts) with one record
 * that breaks the rule is refused by `validate`, with an error on that record's line (or, for a
 * rule between records, on the line of a record at the same name). Each case also checks that
 * the emulator refuses that record with the rule's code, once the rest of the zone is applied,
 * so a case cannot pass by breaking nothing.
 *
 * Left out, with why: rules that depend on the zone's plan, which the file does not say (comment
 * length 100 on Free zones, `flatten_cname` on Free zones, TTL 30..59 on Enterprise zones);
 * the request shape (a body that is not an object, `proxied` not a boolean): the schema refuses
 * those before anything; the order of writes (a record created where an NS already exists,
 * 81056: a file with both is valid, apply writes the NS last, and a plan against a live NS
 * warns, src/core/plan/beside-delegation.ts). Proxied CNAME chains are no rule of the service
 * (issue 28): the emulator refuses none, validate warns. Seeded (PROPERTY_SEED, printed on failure), PROPERTY_RUNS zones per rule
 * (default 6; about 6 s for the 43 rules here).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/core/yaml/index.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { TOKEN, converge, config, startHarness, type Harness } from '../scenario/harness.js';
import { fqdn, lineOfRecord, validZone, zoneFileOf, ZONE, type Spec } from './valid-zone.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 6);
// The suite seed (test/support/fast-check-seed.ts) unless PROPERTY_SEED names one; a new one only
// under ZONECTL_FUZZ_SEED=random. It is printed on failure with the command that replays it.
const SEED = Number(process.env.PROPERTY_SEED ?? fc.readConfigureGlobal().seed ?? Date.now() % 2 ** 31);
const EMPTY = `version: 1\nzone: ${ZONE}\nrecords: []\nmanage: { unmanaged: delete, max_delete_percent: 100 }\n`;

interface Broken {
  /** Valid records to add before the broken one (prerequisites of a rule between records). */
  readonly before?: readonly Spec[];
  readonly record: Spec;
}

interface Mutation {
  readonly rule: string;
  /** The emulator's codes for it (src/emulator/records/codes.ts). */
  readonly codes: readonly number[];
  /** A rule between records may be reported on another record of the same name. */
  readonly sameName?: boolean;
  readonly make: (zone: readonly Spec[]) => Broken;
}

const firstOf = (zone: readonly Spec[], type: string): Spec | undefined => zone.find((s) => s.type === type);
const txt = (name: string, text: string): Spec => ({ name, type: 'TXT', content: text, ttl: 300 });
const a = (name: string, content = '93.184.216.40'): Spec => ({ name, type: 'A', content, ttl: 300 });

const MUTATIONS: readonly Mutation[] = [
  { rule: 'name: a character outside letters, digits, -, _ and *', codes: [9000], make: () => ({ record: txt('bad name', 'x') }) },
  { rule: 'name: a label over 63 characters', codes: [9000], make: () => ({ record: txt(`${'l'.repeat(64)}.x`, 'x') }) },
  {
    rule: 'name: over 253 characters',
    codes: [9000],
    make: () => ({ record: txt(Array.from({ length: 5 }, () => 'n'.repeat(60)).join('.'), 'x') }),
  },
  { rule: 'name: A/AAAA/CNAME host name rules (a label ending with a hyphen)', codes: [9000], make: () => ({ record: a('web-') }) },
  { rule: 'name: outside the zone', codes: [9000], make: () => ({ record: txt('www.example.org.', 'x') }) },
  {
    rule: 'type: SOA is managed by the service',
    codes: [9008],
    make: () => ({
      record: { name: '@', type: 'SOA' as Spec['type'], content: 'ns.example.net. admin.example.com. 1 7200 3600 1209600 3600', ttl: 3600 },
    }),
  },
  {
    rule: 'proxied: only A, AAAA and CNAME',
    codes: [9004],
    make: () => ({ record: { name: 'mx-proxied', type: 'MX', content: 'mx.example.net', priority: 10, proxied: true } }),
  },
  {
    rule: 'ttl: below 30 (60 outside Enterprise zones: a warning at validate, refused by plan)',
    codes: [9021],
    make: () => ({ record: { ...txt('ttl-low', 'x'), ttl: 29 } }),
  },
  { rule: 'ttl: above 86400', codes: [9021], make: () => ({ record: { ...txt('ttl-high', 'x'), ttl: 86401 } }) },
  { rule: 'ttl: 0', codes: [9021], make: () => ({ record: { ...txt('ttl-zero', 'x'), ttl: 0 } }) },
  {
    rule: 'comment: over 500 characters',
    codes: [9105],
    make: () => ({ record: { ...txt('long-comment', 'x'), comment: 'c'.repeat(501) } }),
  },
  { rule: 'comment: a line break', codes: [9105], make: () => ({ record: { ...txt('break-comment', 'x'), comment: 'two\nlines' } }) },
  {
    rule: 'tags: over 20',
    codes: [9300],
    make: () => ({ record: { ...txt('many-tags', 'x'), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) } }),
  },
  { rule: 'tags: not name or name:value', codes: [9112], make: () => ({ record: { ...txt('bad-tag', 'x'), tags: ['a b'] } }) },
  {
    rule: 'tags: a name over 32 characters',
    codes: [9112],
    make: () => ({ record: { ...txt('long-tag-name', 'x'), tags: [`${'n'.repeat(33)}:v`] } }),
  },
  {
    rule: 'tags: a value over 100 characters',
    codes: [9112],
    make: () => ({ record: { ...txt('long-tag-value', 'x'), tags: [`team:${'v'.repeat(101)}`] } }),
  },
  {
    rule: 'settings: an unknown key',
    codes: [9116],
    make: () => ({ record: { ...a('unknown-setting'), settings: { cache: true } as Spec['settings'] } }),
  },
  {
    rule: 'settings: flatten_cname on another type than CNAME',
    codes: [9116],
    make: () => ({ record: { ...a('flat-a'), settings: { flatten_cname: true } } }),
  },
  {
    rule: 'settings: not a boolean',
    codes: [9116],
    make: () => ({ record: { ...a('setting-str'), proxied: true, ttl: undefined, settings: { ipv4_only: 'yes' as unknown as boolean } } }),
  },
  { rule: 'A: not an IPv4 address', codes: [9005], make: () => ({ record: a('bad-a', '300.1.1.1') }) },
  {
    rule: 'AAAA: not an IPv6 address',
    codes: [9006],
    make: () => ({ record: { name: 'bad-aaaa', type: 'AAAA', content: '2001:db8::zz', ttl: 300 } }),
  },
  { rule: "A: an address of the service's own network", codes: [9011], make: () => ({ record: a('own-net', '104.16.0.1') }) },
  {
    rule: 'proxied: a private address',
    codes: [9003],
    make: () => ({ record: { name: 'private-proxied', type: 'A', content: '10.0.0.1', proxied: true } }),
  },
  {
    rule: 'CNAME: target not a host name',
    codes: [9007],
    make: () => ({ record: { name: 'bad-cname', type: 'CNAME', content: 'a..example.net', ttl: 300 } }),
  },
  {
    rule: 'CNAME: points to itself',
    codes: [9007],
    make: () => ({ record: { name: 'self', type: 'CNAME', content: `self.${ZONE}`, ttl: 300 } }),
  },
  {
    rule: 'MX: target not a host name',
    codes: [9016],
    make: () => ({ record: { name: 'bad-mx', type: 'MX', content: 'mail server.example.net', priority: 10, ttl: 300 } }),
  },
  {
    rule: 'NS: target not a host name',
    codes: [9016],
    make: () => ({ record: { name: 'bad-ns', type: 'NS', content: 'ns!.example.net', ttl: 300 } }),
  },
  {
    rule: 'MX: priority missing',
    codes: [9100],
    make: () => ({ record: { name: 'no-prio', type: 'MX', content: 'mx.example.net', ttl: 300 } }),
  },
  {
    rule: 'URI: priority over 65535',
    codes: [9100],
    make: () => ({
      record: { name: '_big._tcp', type: 'URI', priority: 65536, data: { weight: 1, target: 'https://example.net/' }, ttl: 300 },
    }),
  },
  { rule: 'TXT: outside printable ASCII', codes: [9051], make: () => ({ record: txt('cafe', 'Café') }) },
  { rule: 'TXT: inconsistent quotation', codes: [9022], make: () => ({ record: txt('quotes', '"open') }) },
  { rule: 'TXT: over 4,096 bytes on the wire', codes: [9117], make: () => ({ record: txt('huge', 'h'.repeat(4100)) }) },
  {
    rule: 'data: a required field missing (SRV port)',
    codes: [9101],
    make: () => ({ record: { name: '_x._tcp', type: 'SRV', data: { priority: 1, weight: 1, target: 'srv.example.net' }, ttl: 300 } }),
  },
  {
    rule: 'data: an integer out of range (CAA flags)',
    codes: [9101],
    make: () => ({ record: { name: 'caa-flags', type: 'CAA', data: { flags: 256, tag: 'issue', value: 'letsencrypt.org' }, ttl: 300 } }),
  },
  {
    rule: 'data: not hexadecimal (SSHFP fingerprint)',
    codes: [9101],
    make: () => ({ record: { name: 'sshfp-hex', type: 'SSHFP', data: { algorithm: 4, type: 2, fingerprint: 'zz'.repeat(32) }, ttl: 300 } }),
  },
  {
    rule: 'data: not base64 (DNSKEY public_key)',
    codes: [9101],
    make: () => ({
      record: { name: 'key', type: 'DNSKEY', data: { flags: 257, protocol: 3, algorithm: 13, public_key: 'not base64!' }, ttl: 300 },
    }),
  },
  {
    rule: 'data: not one of the values (LOC lat_direction)',
    codes: [9101],
    make: () => ({
      record: {
        name: 'loc',
        type: 'LOC',
        data: {
          lat_degrees: 1,
          lat_minutes: 2,
          lat_seconds: 3,
          lat_direction: 'X',
          long_degrees: 4,
          long_minutes: 5,
          long_seconds: 6,
          long_direction: 'E',
          altitude: 0,
          size: 1,
          precision_horz: 100,
          precision_vert: 10,
        },
        ttl: 300,
      },
    }),
  },
  {
    rule: 'data: a host name field that is not one (SRV target)',
    codes: [9101],
    make: () => ({
      record: { name: '_y._tcp', type: 'SRV', data: { priority: 1, weight: 1, port: 80, target: 'bad host.example.net' }, ttl: 300 },
    }),
  },
  {
    rule: 'OPENPGPKEY: content not base64',
    codes: [9101],
    make: () => ({ record: { name: 'pgp', type: 'OPENPGPKEY', content: 'not base64!', ttl: 300 } }),
  },
  {
    rule: 'SRV: the retired service/proto/name data fields',
    codes: [9102],
    make: () => ({
      record: {
        name: '_z._tcp',
        type: 'SRV',
        data: { service: '_z', proto: '_tcp', priority: 1, weight: 1, port: 80, target: 'srv.example.net' },
        ttl: 300,
      },
    }),
  },
  {
    rule: 'DS: no NS at its name',
    codes: [9115],
    make: () => ({
      record: { name: 'nodeleg', type: 'DS', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'AB'.repeat(32) }, ttl: 300 },
    }),
  },
  {
    rule: 'RRset: over 8,192 characters of content at one name and type',
    codes: [9118],
    sameName: true,
    make: () => ({ before: [txt('big', 't'.repeat(3000)), txt('big', 'u'.repeat(3000))], record: txt('big', 'v'.repeat(3000)) }),
  },
  {
    rule: 'CNAME: beside an A',
    codes: [81053],
    sameName: true,
    make: (zone) => {
      const at = firstOf(zone, 'A');
      return { record: { name: at?.name ?? '@', type: 'CNAME', content: 'elsewhere.example.net', ttl: 300 } };
    },
  },
  {
    rule: 'A: beside a CNAME',
    codes: [81054],
    sameName: true,
    make: (zone) => {
      const c = firstOf(zone, 'CNAME');
      return c !== undefined
        ? { record: a(c.name) }
        : { before: [{ name: 'alias', type: 'CNAME', content: 'elsewhere.example.net', ttl: 300 }], record: a('alias') };
    },
  },
  {
    rule: 'an identical record twice',
    codes: [81058, 81057],
    sameName: true,
    make: (zone) => ({ record: { ...(zone.find((s) => s.type === 'MX' || s.type === 'A') ?? zone[0]!) } }),
  },
];

/** The record as a write body of the API. */
function apiBody(s: Spec): Record<string, unknown> {
  const { txt: _txt, written: _written, name, ...rest } = s;
  return { ...rest, name: name.endsWith('.') ? name : fqdn(name) };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ zonePlan: 'pro' });
});
afterAll(async () => {
  await h?.close();
});

async function emulatorRefusal(zone: readonly Spec[], broken: Spec): Promise<number | undefined> {
  await converge(h, config(EMPTY));
  await converge(h, config(zoneFileOf(zone)));
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(apiBody(broken)),
  });
  const body = (await res.json()) as { success: boolean; errors: { code: number }[] };
  return body.success ? undefined : body.errors[0]?.code;
}

describe('a record that breaks a rule of the service is an error at validate, on its line', () => {
  it.each(MUTATIONS)(
    '$rule',
    async (m) => {
      const property = fc.asyncProperty(validZone, async (valid) => {
        const { before = [], record } = m.make(valid);
        const zone = [...valid, ...before];
        const file = zoneFileOf([...zone, record]);
        const line = lineOfRecord(zone.length);
        const lines = new Set([line, ...(m.sameName ? zone.flatMap((s, i) => (s.name === record.name ? [lineOfRecord(i)] : [])) : [])]);
        const errors = parseZoneFile({ path: 'zone.yaml', text: file }, {}).problems.filter((p) => p.severity === 'error');
        expect(
          errors.filter((p) => lines.has(p.line)).map(formatProblem),
          `no error on line ${line} for ${JSON.stringify(record)}; got:\n${errors.map(formatProblem).join('\n')}`,
        ).not.toEqual([]);
        expect(m.codes, `the emulator's answer to ${JSON.stringify(record)}`).toContain(await emulatorRefusal(zone, record));
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      } catch (err) {
        const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
        throw new Error(
          `refused-at-validate (${m.rule}) failed with seed ${SEED} (replay: PROPERTY_SEED=${SEED} npx vitest run test/property/refused-at-validate.test.ts)${cause}`,
        );
      }
    },
    60_000,
  );
});
