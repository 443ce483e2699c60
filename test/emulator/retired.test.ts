import { describe, expect, it } from 'vitest';
import { RETIRED } from '../../src/emulator/routes/retired.js';
import { recordsPath, startTestEmulator } from './helpers.js';

describe('retired interfaces', () => {
  it('answers every retired endpoint family with 410 naming the replacement', async () => {
    const emu = await startTestEmulator();
    const fill = (path: string): string =>
      path
        .replace(':zone_id', emu.zoneId)
        .replace(':account_id', emu.accountId)
        .replace(/:[a-z_]+/g, 'abc123');
    for (const family of RETIRED) {
      for (const [methods, path] of family.endpoints) {
        const res = await emu.call(methods[0], fill(path), methods[0] === 'GET' ? undefined : {});
        expect(res.status, `${methods[0]} ${path}`).toBe(410);
        expect(res.body.errors[0].code).toBe(7004);
        expect(res.body.errors[0].message).toContain(family.date);
      }
    }
    const apex = await emu.call('GET', `/zones/${emu.zoneId}/dns_settings/use_apex_ns`);
    expect(apex.body.errors[0].message).toContain('multi_provider');
    const flat = await emu.call('PATCH', `/zones/${emu.zoneId}/settings/cname_flattening`, { value: 'flatten_at_root' });
    expect(flat.body.errors[0].message).toContain('flatten_all_cnames');
  });

  it.each([
    ['name=contains:www', 'name.contains'],
    ['name=starts_with:www', 'name.startswith'],
    ['name=ends_with:example.com', 'name.endswith'],
    ['content=contains:192.0', 'content.contains'],
    ['content=starts_with:192', 'content.startswith'],
    ['content=ends_with:.1', 'content.endswith'],
    ['name=a.example.com,b.example.com', 'match=any'],
    ['content=192.0.2.1,192.0.2.2', 'match=any'],
    ['type=contains:A', 'search='],
  ])('rejects the retired filter %s, naming %s', async (query, replacement) => {
    const emu = await startTestEmulator();
    const res = await emu.call('GET', recordsPath(emu, `?${query}`));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe(9110);
    expect(res.body.errors[0].message).toContain(replacement);
  });

  it('still accepts TXT content filters with commas and spaces', async () => {
    const emu = await startTestEmulator();
    await emu.call('POST', recordsPath(emu), { type: 'TXT', name: 'd', content: 'v=DMARC1; rua=mailto:a@x.test,mailto:b@x.test' });
    const res = await emu.call('GET', recordsPath(emu, `?content=${encodeURIComponent('v=DMARC1; rua=mailto:a@x.test,mailto:b@x.test')}`));
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(1);
  });
});
