/**
 * Real records of every type, for the record-type tests: the recorded answers of the service
 * (test/fixtures/recorded), a previous provider's zone (test/fixtures/bind/realistic.zone) and,
 * for the types no recording has, test/fixtures/bind/unrecorded-types.zone; and the round trip of
 * a type's presentation form (BIND export, then import).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { parseMasterFile } from '../../../src/core/bind/parse-master-file.js';
import { readRdata } from '../../../src/core/bind/read-rdata.js';
import { fromApiRecord, type ApiRecord } from '../../../src/core/model/api-codec.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { CanonicalRecord } from '../../../src/core/model/record.js';
import { isRecordType, presentRdata, type RecordType } from '../../../src/core/record-types/index.js';

const ZONE = 'example.com';

const fixture = (path: string): string => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');

/** The records of a recorded answer: a page (`result` a list), one record (`result` an object) or a bare record or list. */
function recordedRecords(path: string): ApiRecord[] {
  const answer = JSON.parse(fixture(`recorded/${path}`)) as { result?: unknown } | unknown[];
  const result = Array.isArray(answer) ? answer : 'result' in answer && answer.result !== undefined ? answer.result : answer;
  return (Array.isArray(result) ? result : [result]) as ApiRecord[];
}

const RECORDED = [
  'caddy-issue-7301/records.json',
  'cf-terraforming/v4-record-a.json',
  'cf-terraforming/v4-record-caa.json',
  'cf-terraforming/v4-record-ptr.json',
  'cf-terraforming/v4-record-txt-spf.json',
  'cf-terraforming/v5-dns_records.json',
  'libcloud/records-page-1.json',
  'libcloud/records-page-2.json',
  'octodns-cloudflare/dns_records-page-1.json',
  'octodns-cloudflare/dns_records-page-2.json',
  'octodns-cloudflare/dns_records-page-3.json',
  'openapi-examples/srv.json',
  'openapi-examples/svcb.json',
  'openapi-examples/uri.json',
  'shopify-record-store/dns_records.json',
];

/** Every record of a type zonectl manages in the recorded answers, as zonectl reads it. */
export const recorded: CanonicalRecord[] = RECORDED.flatMap((path) =>
  recordedRecords(path)
    .filter((r) => isRecordType(r.type))
    .map((r) => fromApiRecord(r, ZONE)),
);

/** Every record of a BIND fixture that the import reads, in canonical form. */
export function bindRecords(path: string): CanonicalRecord[] {
  return parseMasterFile(fixture(`bind/${path}`), ZONE).records.flatMap((rr) => {
    const read = readRdata(rr.type, rr.rdata, rr.origin);
    return read.ok ? [normalizeRecord({ name: `${rr.owner}.`, ...read.value }, ZONE)] : [];
  });
}

/** A previous provider's zone, and the types no recording has (DNSKEY, SMIMEA, CERT, OPENPGPKEY). */
const fromBind = [...bindRecords('realistic.zone'), ...bindRecords('unrecorded-types.zone')];

export const samples = [...recorded, ...fromBind];

/** The value of a record: what its presentation form carries. */
const recordValue = (r: CanonicalRecord) => ({ content: r.content, data: r.data, priority: r.priority });

/** Writes the record's RDATA in a master file line, reads the file and the RDATA back, in canonical form. */
function presentThenRead(r: CanonicalRecord): ReturnType<typeof recordValue> {
  const text = `$ORIGIN ${ZONE}.\nback 300 IN ${r.type} ${presentRdata(r)}\n`;
  const parsed = parseMasterFile(text, ZONE);
  expect(parsed.problems).toEqual([]);
  const [rr] = parsed.records;
  const read = readRdata(rr.type, rr.rdata, rr.origin);
  if (!read.ok) throw new Error(`${r.type} ${presentRdata(r)}: ${read.message}`);
  return recordValue(normalizeRecord({ name: `${rr.owner}.`, ...read.value }, ZONE));
}

/** Every sample of `type` (at least one) reads back from its presentation form as the value it was written from. */
export function expectPresentationReadsBack(type: RecordType): void {
  const ofType = samples.filter((r) => r.type === type);
  expect(ofType.length).toBeGreaterThan(0);
  for (const r of ofType) expect(presentThenRead(r), `${type} ${presentRdata(r)}`).toEqual(recordValue(r));
}
