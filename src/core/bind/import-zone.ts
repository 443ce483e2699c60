/**
 * A BIND zone file -> a zone file (as data, written by render-export.ts like an export): every
 * record of a type zonectl manages, in canonical form, with the service's `cf_tags` comment read
 * (comment, tags, cf-proxied, cf-flatten-cname); the SOA into `settings.soa` when asked (only
 * Enterprise zones may change it) or else into a comment; the previous provider's apex NS left
 * out with a comment naming them; whatever cannot be imported reported with its line and kept
 * as a comment, never dropped silently. Pure.
 */
import { normalizeRecord } from '../model/normalize.js';
import { isServiceNameserver } from '../service/nameservers.js';
import type { CanonicalRecord, RecordInput } from '../model/record.js';
import { PROXIABLE_TYPES } from '../record-types/index.js';
import { TTL_AUTO } from '../service/ttl.js';
import { exportRecords } from '../export/export-records.js';
import type { ZoneExport } from '../export/export-zone.js';
import { parseRecordAttributes } from './cf-tags.js';
import { proxiableOnImport } from './import-proxied.js';
import { acceptedSoa } from './import-soa.js';
import { parseMasterFile, parseTtl, resolveName, type MasterFileProblem, type ResourceRecord } from './parse-master-file.js';
import { readRdata } from './read-rdata.js';
import { tokenText } from './tokenize.js';

export interface ImportOptions {
  readonly zone: string;
  /** Put the SOA values into settings.soa (Enterprise zones only may change them). */
  readonly soa: boolean;
  /** Proxied for proxiable records without a cf-proxied tag (the service's import `proxied` option; import-proxied.ts). */
  readonly proxied: boolean;
}

export interface ImportResult {
  readonly export: ZoneExport;
  /** What could not be imported, by line (also in the output as comments). */
  readonly problems: readonly MasterFileProblem[];
  readonly imported: number;
  /** The records imported, in canonical form, and the settings (`soa` with --soa): what `import --force` edits an existing zone file to match. */
  readonly records: readonly CanonicalRecord[];
  readonly settings: Readonly<Record<string, unknown>>;
}

/** An owner as a message shows it: the root (`@` under `$ORIGIN .`) as ".", not as nothing. */
function shownOwner(owner: string): string {
  return owner === '' ? '.' : owner;
}

function inZone(owner: string, zone: string): boolean {
  return owner === zone || owner.endsWith(`.${zone}`);
}

/** The service's export writes the SOA owner without a trailing dot (`example.com 3600 IN SOA`): read as the apex. */
function soaOwner(rr: ResourceRecord, zone: string): string {
  return rr.owner === `${zone}.${zone}` ? zone : rr.owner;
}

function readSoa(rr: ResourceRecord): Record<string, unknown> | undefined {
  const w = rr.rdata.map(tokenText);
  if (w.length !== 7) return undefined;
  const n = w.slice(2).map(parseTtl);
  if (n.some((v) => v === undefined)) return undefined;
  return {
    mname: resolveName(w[0], rr.origin),
    rname: resolveName(w[1], rr.origin),
    refresh: n[1],
    retry: n[2],
    expire: n[3],
    min_ttl: n[4],
    ...(rr.ttl !== undefined ? { ttl: rr.ttl } : {}),
  };
}

export function importBindZone(text: string, options: ImportOptions): ImportResult {
  const zone = options.zone.toLowerCase().replace(/\.$/, '');
  const parsed = parseMasterFile(text, zone);
  const problems: MasterFileProblem[] = [...parsed.problems];
  const records: CanonicalRecord[] = [];
  const apexNs: { host: string; line: number }[] = [];
  let soa: { values: Record<string, unknown>; line: number } | undefined;
  for (const rr of parsed.records) {
    if (rr.type === 'SOA') {
      if (soaOwner(rr, zone) !== zone)
        problems.push({ line: rr.line, message: `SOA of ${shownOwner(rr.owner)}, not of the zone ${zone}: not imported` });
      else {
        const values = readSoa(rr);
        if (values === undefined) problems.push({ line: rr.line, message: 'SOA needs "mname rname serial refresh retry expire minimum"' });
        else soa = { values, line: rr.line };
      }
      continue;
    }
    if (!inZone(rr.owner, zone)) {
      problems.push({ line: rr.line, message: `${shownOwner(rr.owner)} is outside the zone ${zone}: not imported` });
      continue;
    }
    if (rr.type === 'NS' && rr.owner === zone) {
      const host = rr.rdata[0] ? resolveName(tokenText(rr.rdata[0]), rr.origin) : '';
      apexNs.push({ host, line: rr.line });
      continue;
    }
    const value = readRdata(rr.type, rr.rdata, rr.origin);
    if (!value.ok) {
      problems.push({ line: rr.line, message: `${rr.owner} ${rr.type}: ${value.message}: not imported` });
      continue;
    }
    const attrs = parseRecordAttributes(rr.comment ?? '');
    const proxied = PROXIABLE_TYPES.has(value.value.type)
      ? (attrs.proxied ?? (options.proxied && proxiableOnImport(value.value.type, value.value.content, attrs.flattenCname)))
      : false;
    const input: RecordInput = {
      name: `${rr.owner}.`,
      ...value.value,
      ttl: rr.ttl === undefined || rr.ttl === TTL_AUTO ? 'auto' : rr.ttl,
      proxied,
      ...(attrs.comment !== undefined ? { comment: attrs.comment } : {}),
      ...(attrs.tags.length > 0 ? { tags: attrs.tags } : {}),
      ...(attrs.flattenCname ? { settings: { flatten_cname: true } } : {}),
    };
    records.push(normalizeRecord(input, zone));
  }
  const { defaults, records: written } = exportRecords(records, zone);
  const leftOut: string[] = [];
  if (apexNs.some((ns) => isServiceNameserver(ns.host))) {
    // The service's own export: its nameservers are its own; any other apex NS was added by a
    // user (multi-provider DNS), and is reported rather than dropped silently.
    const own = apexNs.filter((ns) => isServiceNameserver(ns.host));
    leftOut.push(`apex NS ${own.map((ns) => ns.host).join(', ')}: the service's own nameservers; it answers with them itself`);
    for (const ns of apexNs.filter((n) => !isServiceNameserver(n.host))) {
      problems.push({
        line: ns.line,
        message: `apex NS ${ns.host} is not one of the service's nameservers (added for multi-provider DNS?): not imported; add it to the file by hand if the zone uses multi-provider DNS`,
      });
    }
  } else if (apexNs.length > 0) {
    leftOut.push(
      `apex NS ${apexNs.map((ns) => ns.host).join(', ')}: the previous provider's nameservers; the service answers with its own`,
    );
  }
  const notes: string[] = [];
  const settings: Record<string, unknown> = {};
  if (soa !== undefined) {
    if (options.soa) {
      const accepted = acceptedSoa(soa.values, soa.line);
      problems.push(...accepted.problems);
      if (Object.keys(accepted.soa).length > 0) settings.soa = accepted.soa;
    } else
      notes.push(
        `SOA in the imported file (not applied; import with --soa to manage it, Enterprise zones only): ${JSON.stringify(soa.values)}`,
      );
  }
  const file = {
    version: 1 as const,
    zone,
    ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    records: written,
  };
  const sections =
    problems.length > 0 ? [{ title: 'Not imported (line: why):', lines: problems.map((p) => `line ${p.line}: ${p.message}`) }] : [];
  return {
    export: {
      file,
      leftOut: [],
      unknown: [],
      notes,
      sections: [...(leftOut.length > 0 ? [{ title: 'Left out:', lines: leftOut }] : []), ...sections],
    },
    problems,
    imported: records.length,
    records,
    settings,
  };
}
