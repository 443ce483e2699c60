/**
 * The resolve session in process (src/app/resolve/session.ts): a zone file on disk and a
 * recording output instead of a terminal. Resolve calls no API (its request has no connection):
 * it returns what the zone will answer once the file is applied; a file that does not load tells
 * its problems (file, line, field) and is refused with INVALID_ZONE_FILE.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZonectlError } from '../../../src/core/errors.js';
import { runResolve, type ResolveEvent, type ResolveRequest } from '../../../src/app/resolve/index.js';
import { tempDir } from '../../support/temp-dir.js';

function recording(): { events: ResolveEvent[]; emit(event: ResolveEvent): void } {
  const events: ResolveEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}

const ZONE = (records: string): string => `version: 1\nzone: example.com\nrecords:\n${records}`;
const RECORDS =
  '  - { name: www, type: CNAME, content: web.example.com, ttl: 300 }\n  - { name: web, type: A, content: 192.0.2.10, ttl: 600 }\n';

describe('the resolve session in process', () => {
  const setup = (text: string): { file: string; request: (name: string, type: string) => ResolveRequest } => {
    const dir = tempDir('resolve-session');
    const file = join(dir, 'example.com.yaml');
    writeFileSync(file, text);
    return { file, request: (name, type) => ({ file, name, type, nameServers: ['ns1.example.net', 'ns2.example.net'], env: {} }) };
  };

  // A CNAME whose target is in the zone is flattened (src/core/resolve/resolve-name.ts cites
  // developers.cloudflare.com/dns/cname-flattening/set-up-cname-flattening): the target's
  // addresses under the queried name, with the CNAME's TTL.
  it('a name behind an in-zone CNAME answers the target address (flattened), and nothing is told', async () => {
    const { request } = setup(ZONE(RECORDS));
    const out = recording();
    const result = await runResolve(request('www', 'a'), out);
    expect(out.events).toEqual([]);
    expect(result.zone).toBe('example.com');
    expect(result.query).toEqual({ name: 'www.example.com', type: 'A' });
    expect(result.resolution.rcode).toBe('NOERROR');
    expect(result.resolution.authoritative).toBe(true);
    expect(result.resolution.answer.map((a) => [a.name, a.type, a.ttl, a.data])).toEqual([['www.example.com', 'A', 300, '192.0.2.10']]);
  });

  it('a name the zone does not hold: NXDOMAIN with the SOA in authority', async () => {
    const { request } = setup(ZONE(RECORDS));
    const result = await runResolve(request('nowhere.example.com', 'A'), recording());
    expect(result.resolution.rcode).toBe('NXDOMAIN');
    expect(result.resolution.answer).toEqual([]);
    expect(result.resolution.authority.map((a) => [a.name, a.type])).toEqual([['example.com', 'SOA']]);
  });

  it('a file that does not load: its problem names file, line and field, and the run is refused', async () => {
    const { file, request } = setup(ZONE(`${RECORDS}  - { name: bad, type: A, content: 999.0.0.1 }\n`));
    const out = recording();
    const refused = await runResolve(request('www', 'A'), out).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ZonectlError);
    expect((refused as ZonectlError).code).toBe('INVALID_ZONE_FILE');
    expect((refused as ZonectlError).message).toBe(`${file} is not a valid zone file`);
    expect(out.events.map((e) => e.kind === 'problem' && [e.problem.file, e.problem.line, e.problem.path])).toEqual([
      [file, 6, 'records[2].content'],
    ]);
  });
});
