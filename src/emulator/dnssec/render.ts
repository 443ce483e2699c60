/**
 * The DNSSEC object as the API answers it (`GET/PATCH /zones/{zone_id}/dnssec`): the schema of
 * cloudflare-typescript `src/resources/dns/dnssec/dnssec.ts` (every key field nullable) with the
 * value forms of the API reference's example (cloudflare-go v0 `dnssec_test.go`, "JSON data
 * from: https://api.cloudflare.com/#dnssec-properties"): `algorithm` "13" and `digest_type` "2"
 * as strings, `digest_algorithm` "SHA256", `key_type` "ECDSAP256SHA256", `flags` 257, the
 * digest in upper-case hex, `ds` as `<zone>. 3600 IN DS <key_tag> 13 2 <DIGEST>` (live answers
 * quoted in public repositories have that form, e.g. jikig-ai/soleur issue #1835), `public_key`
 * the base64 of the key-signing key. The key fields describe the key-signing key.
 * In the "deleted" state they are null (the emulator's choice: no key exists then).
 */
import { ALGORITHM_ECDSAP256SHA256, DIGEST_SHA256, dsDigest, signingKey } from './keys.js';
import { dnssecStatus, type DnssecRow } from './state.js';

/** The DS of the zone as the API's `ds` renders it, and its parts; undefined while no key exists. */
export interface ZoneDs {
  readonly keyTag: number;
  readonly digest: string;
  readonly publicKey: string;
  readonly ds: string;
}

export function zoneDs(zoneName: string, row: DnssecRow): ZoneDs | undefined {
  if (row.keys === undefined) return undefined;
  const ksk = signingKey(row.keys.ksk);
  const digest = dsDigest(zoneName, ksk).toString('hex').toUpperCase();
  return {
    keyTag: ksk.keyTag,
    digest,
    publicKey: ksk.publicKeyBase64,
    ds: `${zoneName}. 3600 IN DS ${ksk.keyTag} ${ALGORITHM_ECDSAP256SHA256} ${DIGEST_SHA256} ${digest}`,
  };
}

export function renderDnssec(zoneName: string, row: DnssecRow): Record<string, unknown> {
  const ds = zoneDs(zoneName, row);
  return {
    algorithm: ds ? String(ALGORITHM_ECDSAP256SHA256) : null,
    digest: ds?.digest ?? null,
    digest_algorithm: ds ? 'SHA256' : null,
    digest_type: ds ? String(DIGEST_SHA256) : null,
    dnssec_multi_signer: row.multi_signer,
    dnssec_presigned: row.presigned,
    dnssec_use_nsec3: row.use_nsec3,
    ds: ds?.ds ?? null,
    flags: ds ? 257 : null,
    key_tag: ds?.keyTag ?? null,
    key_type: ds ? 'ECDSAP256SHA256' : null,
    modified_on: row.modified_on,
    public_key: ds?.publicKey ?? null,
    status: dnssecStatus(row),
  };
}
