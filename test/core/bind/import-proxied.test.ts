/**
 * `zonectl import --proxied` proxies only what the service can proxy (issue 19 item 7): the
 * service's import option applies to "proxiable records", and `validate` refuses a proxied
 * private, loopback, CGNAT or link-local address. The file it writes validates, applies to the
 * emulator and plans clean.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importBindZone } from '../../../src/core/bind/import-zone.js';
import { importApplyPlanClean } from './import-round-trip.js';

const fixture = readFileSync(join(__dirname, '..', '..', 'fixtures', 'bind', 'proxied-mix.zone'), 'utf8');

describe('import --proxied', () => {
  it('proxies public A/AAAA and unflattened CNAMEs only; a cf-proxied tag still decides', () => {
    const { export: exp } = importBindZone(fixture, { zone: 'example.com', soa: false, proxied: true });
    const proxied = Object.fromEntries(
      exp.file.records.map((r) => [r.name, r.proxied === true || (r.proxied === undefined && exp.file.defaults?.proxied === true)]),
    );
    expect(proxied).toEqual({
      '@': true,
      www: true,
      v6: true,
      shop: true,
      intranet: false,
      local: false,
      office: false,
      carrier: false,
      link: false,
      ula: false,
      ll6: false,
      flat: false,
      api: false,
    });
  });

  it('writes a file that validates, applies and plans clean', async () => {
    // A paid plan: the fixture's cf-flatten-cname record needs one.
    const { imported } = await importApplyPlanClean(fixture, ['--proxied', '--strict'], 'pro');
    expect(imported.stderr).toMatch(/13 record\(s\) imported, 0 warning\(s\)/);
  });
});
