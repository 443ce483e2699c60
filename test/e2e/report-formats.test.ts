/**
 * The formats CI systems read (issue 30, items 2 and 4), made by the real CLI from real drift
 * (the emulator, test/support/drift-world.ts) and checked against their published schemas:
 * `drift|plan --format junit` against the Ant JUnit XSD with libxml2 (xmllint-wasm),
 * `validate|lint --format sarif` against the SARIF 2.1.0 JSON Schema with Ajv (draft-04), and
 * `drift --format slack` within Slack's limits with text escaped. Each validator is first shown
 * to refuse a wrong document, so that a pass means something.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvDraft04Module, { type ErrorObject, type ValidateFunction } from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { addMissingZoneFile, HOSTILE_CONTENT, HOSTILE_NAME, makeDrift, openDriftWorld, type DriftWorld } from '../support/drift-world.js';
import { tempDir } from '../support/temp-dir.js';

const schemas = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'schemas');
const JUNIT_XSD = readFileSync(join(schemas, 'junit', 'JUnit.xsd'), 'utf8');
const SARIF_SCHEMA = JSON.parse(readFileSync(join(schemas, 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;

async function junitErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'JUnit.xsd', contents: JUNIT_XSD }],
  });
  return result.errors.map((e) => e.message);
}

// Both are CommonJS with `exports.default`: under Node's ESM the default import is the module object.
type AjvClass = new (options: object) => { compile(schema: object): ValidateFunction };
const AjvDraft04 = ((AjvDraft04Module as unknown as { default?: AjvClass }).default ?? AjvDraft04Module) as unknown as AjvClass;
type FormatsPlugin = (ajv: unknown) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as unknown as FormatsPlugin;
const ajv = new AjvDraft04({ allErrors: true, strict: false });
addFormats(ajv); // the schema's uri, uri-reference and date-time formats are checked too
const validateSarif = ajv.compile(SARIF_SCHEMA);
const sarifErrors = (doc: unknown): string[] =>
  validateSarif(doc) ? [] : (validateSarif.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.message ?? ''}`);

describe('report formats against their schemas', () => {
  let world: DriftWorld;
  beforeAll(async () => {
    world = await openDriftWorld();
    await makeDrift(world);
    addMissingZoneFile(world);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it('the validators refuse what is wrong', async () => {
    expect(await junitErrors('<testsuites><testsuite name="x"/></testsuites>')).toContainEqual(
      expect.stringMatching(/'package' is required/),
    );
    expect(sarifErrors({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [] }] })).toContainEqual(
      expect.stringMatching(/must have required property 'name'/),
    );
  });

  it('drift --format junit: one test case per zone, drift a failure whose message is the diff, a failed zone an error; valid JUnit', async () => {
    const r = await world.cli(['drift', 'zones/', '--format', 'junit']);
    expect(r.code).toBe(1); // a zone failed
    expect(await junitErrors(r.stdout)).toEqual([]);
    expect(r.stdout).toContain('tests="4" failures="2" errors="1"');
    const cases = [...r.stdout.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1]);
    expect(cases.sort()).toEqual(['mail.example', 'quiet.example', 'shop.example', 'zz-missing.example']);
    expect(r.stdout).toMatch(/<testcase name="quiet.example" classname="zonectl.drift" time="0"\/>/);
    const failure = /<testcase name="shop.example"[^>]*>\s*<failure message="([^"]*)" type="drift">/.exec(r.stdout)![1]!;
    const lines = failure.split('&#10;');
    // Each item in the operator's words (issue 42, item 1), then its impact, who made it and its ways out, indented.
    expect(lines.filter((l) => !l.startsWith('    '))).toEqual([
      'shop.example (zones/shop.example.yaml): 4 drift',
      'shop.example A value changed at the service: live 192.0.2.99, file 192.0.2.10',
      'shop.example A ttl changed at the service: live 600, file 300',
      'api.shop.example A removed at the service: not live, file 192.0.2.20  [ttl auto]',
      'promo.shop.example TXT added at the service: live &quot;&lt;img src=x onerror=alert(2)&gt;&quot;  [ttl auto], not in the file',
    ]);
    expect(lines.slice(2, 6)).toEqual([
      '    impact: the zone apex',
      expect.stringMatching(/^ {4}by admin@example\.com via the API \(token &quot;zonectl emulator token&quot;\), \S+ \(update\)$/),
      '    revert: zonectl apply zones/shop.example.yaml (sets it back to 192.0.2.10)',
      expect.stringMatching(
        /^ {4}adopt: zonectl drift zones\/shop\.example\.yaml --adopt d2:[0-9a-f]{24} \(writes 192\.0\.2\.99 into the file\)$/,
      ),
    ]);
    expect(r.stdout).toMatch(/<testcase name="zz-missing.example"[^>]*>\s*<error message="[^"]*ZONE_LOOKUP[^"]*" type="ZONE_LOOKUP">/);
    expect(r.stdout).not.toContain(HOSTILE_CONTENT);
  });

  it('drift in text and markdown: what happened at the service, the live value first, no plan sign (issue 42, item 1)', async () => {
    const text = await world.cli(['drift', 'zones/']);
    expect(text.code).toBe(1); // a zone failed
    const shop = text.stdout.split('\n\n').find((block) => block.startsWith('shop.example'))!;
    expect(shop.split('\n').filter((l) => !l.startsWith('      '))).toEqual([
      expect.stringMatching(/^shop\.example \(zone [0-9a-f]{32}\)$/),
      '  shop.example A value changed at the service: live 192.0.2.99, file 192.0.2.10',
      '  shop.example A ttl changed at the service: live 600, file 300',
      '  api.shop.example A removed at the service: not live, file 192.0.2.20  [ttl auto]',
      '  promo.shop.example TXT added at the service: live "<img src=x onerror=alert(2)>"  [ttl auto], not in the file',
      'Drift: 2 changed, 1 added, 1 removed at the service. Apply would: 1 create, 1 update, 1 delete; 3 unchanged.',
    ]);
    expect(shop).toContain('\n      revert: zonectl apply zones/shop.example.yaml (deletes it)\n');
    expect(shop).toMatch(/\n {6}adopt: zonectl drift zones\/shop\.example\.yaml --adopt d2:[0-9a-f]{24} \(adds it to the file\)\n/);
    expect(text.stdout).toContain('  mail.example dns_settings flatten_all_cnames changed at the service: live true, file false');
    expect(text.stdout).not.toContain('→');
    expect(text.stdout).not.toMatch(/^ {2}[+~-] /m);
    const md = await world.cli(['drift', 'zones/', '--format', 'markdown']);
    expect(md.stdout).toContain('\nshop.example A value changed at the service: live 192.0.2.99, file 192.0.2.10\n');
    // Needs attention: the apex first (issue 42: the scariest item was missing).
    const attention = md.stdout.slice(md.stdout.indexOf('#### Needs attention'), md.stdout.indexOf('| zone |'));
    expect(attention.split('\n').filter((l) => l.startsWith('- '))[1]).toMatch(
      /^- :rotating_light: `shop\.example`: `shop\.example A value changed at the service: live 192\.0\.2\.99, file 192\.0\.2\.10` \(the zone apex\) by `admin@example\.com via the API/,
    );
    expect(attention).toContain(
      '`promo.shop.example TXT added at the service: live "<img src=x onerror=alert(2)>"  [ttl auto], not in the file`',
    );
    // plan keeps the words of a plan: what apply changes, before → after.
    const plan = await world.cli(['plan', 'zones/shop.example.yaml']);
    expect(plan.stdout).toContain('      content: 192.0.2.99 → 192.0.2.10');
  });

  it('plan --format junit and --report junit=FILE: the same shape, valid', async () => {
    const r = await world.cli(['plan', 'zones/', '--format', 'text', '--report', 'junit=out/plan.xml', '--report', 'html=out/plan.html']);
    expect(r.code).toBe(1);
    const xml = readFileSync(join(world.dir, 'out', 'plan.xml'), 'utf8');
    expect(await junitErrors(xml)).toEqual([]);
    expect(xml).toContain('<testsuite name="zonectl plan"');
    expect(xml).toMatch(/<failure message="shop.example \(zones\/shop.example.yaml\): 4 changes/);
    expect(readFileSync(join(world.dir, 'out', 'plan.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
    // stdout is still the text plan.
    expect(r.stdout).toContain('Plan: 1 to create, 1 to update, 1 to delete');
    const bad = await world.cli(['drift', 'zones/', '--report', 'pdf=x.pdf']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--report takes FORMAT=FILE with FORMAT one of text, json, markdown, html, junit, slack, got "pdf=x.pdf"/);
  });

  it('drift --format slack: a webhook body within Slack limits, &, <, > escaped', async () => {
    const r = await world.cli(['drift', 'zones/', '--format', 'slack']);
    const body = JSON.parse(r.stdout) as { text: string; blocks: Array<{ type: string; text?: { text: string } }> };
    expect(body.text).toBe('zonectl drift: 2 of 4 zones drifted, 1 failed');
    expect(body.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: body.text } });
    const texts = body.blocks.map((b) => b.text?.text ?? '').join('\n');
    expect(texts).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(texts).not.toMatch(/<img|<script/);
    expect(texts).toMatch(/\*shop\.example\* \(zones\/shop\.example\.yaml\): 2 changed, 1 added, 1 removed at the service\n/);
    expect(texts).toContain('\nshop.example A value changed at the service: live 192.0.2.99, file 192.0.2.10\n');
    expect(texts).toContain(
      'Ways out of each item: revert with `zonectl apply zones/shop.example.yaml`, or adopt it with `zonectl drift zones/shop.example.yaml --adopt ID`',
    );
    expect(texts).toMatch(/\n {4}the zone apex · id d2:[0-9a-f]{24} · by admin@example\.com via the API/);
    expect(texts).toMatch(/:x: \*zz-missing\.example\* failed: `ZONE_LOOKUP`/);
  });

  it('drift --format html: one page, a CSP that allows only its own style and script, every name from the API escaped', async () => {
    const r = await world.cli(['drift', 'zones/', '--format', 'html']);
    const page = r.stdout;
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)![1]!;
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; script-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'$/,
    );
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page.match(/<style/g)).toHaveLength(1);
    expect(page).not.toMatch(/\b(src|href)="(?!#)/); // nothing to fetch: links are in-page
    expect(page).not.toContain(HOSTILE_NAME);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&quot;&lt;img src=x onerror=alert(2)&gt;&quot;');
  });

  it('drift --unmanaged-zones in html, junit and slack: the zone no file manages is shown in each (valid JUnit still)', async () => {
    const created = await world.api('POST', '/zones', { name: 'legacy.example', account: { id: world.emulator.accountId } });
    expect(created.success, JSON.stringify(created)).toBe(true);
    const id = (created.result as { id: string }).id;
    const line = `legacy.example (id ${id}, account ${world.emulator.accountId})`;
    const heading = 'Unmanaged zones (1; no file manages them; zonectl never deletes a zone):';

    const page = (await world.cli(['drift', 'zones/', '--unmanaged-zones', '--format', 'html'])).stdout;
    expect(page).toContain(`<li><a href="#unmanaged-zones"><b>1</b> unmanaged zones</a></li>`);
    expect(page).toContain(
      `<section class="unmanaged" id="unmanaged-zones"><h2>${heading}</h2><ul><li><code>${line}</code></li></ul></section>`,
    );
    expect(page).not.toMatch(/\b(src|href)="(?!#)/);

    const junit = await world.cli(['drift', 'zones/', '--unmanaged-zones', '--format', 'junit']);
    expect(await junitErrors(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain('tests="4" failures="2" errors="1"'); // not drift: no test case for it
    expect(junit.stdout).toContain('<property name="zonectl.unmanaged-zones" value="1"/>');
    expect(junit.stdout).toContain(`<system-out>${heading}\n  ${line}</system-out>`);

    const slack = JSON.parse((await world.cli(['drift', 'zones/', '--unmanaged-zones', '--format', 'slack'])).stdout) as {
      blocks: Array<{ type: string; text?: { text: string } }>;
    };
    expect(slack.blocks.map((b) => b.text?.text ?? '')).toContainEqual(`:grey_question: *${heading}*\n\`\`\`\n${line}\n\`\`\``);

    // Without the flag, none of the three mentions it.
    for (const format of ['html', 'junit', 'slack']) {
      expect((await world.cli(['drift', 'zones/', '--format', format])).stdout).not.toContain('legacy.example');
    }
  });
});

describe('validate and lint --format sarif', () => {
  const dir = tempDir('sarif');

  it('SARIF 2.1.0 with file, line, column, rule id and the registry’s help; valid against the schema', async () => {
    writeFileSync(
      join(dir, 'broken.yaml'),
      `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 300.1.1.1 }
  - { name: "@", type: TXT, content: "v=spf1 +all" }
`,
    );
    const v = await runCli(['validate', 'broken.yaml', '--format', 'sarif'], {}, dir);
    expect(v.code).toBe(1);
    const log = JSON.parse(v.stdout) as {
      version: string;
      runs: Array<{
        tool: {
          driver: {
            name: string;
            rules: Array<{ id: string; help: { text: string }; helpUri?: string; defaultConfiguration?: { level: string } }>;
          };
        };
        results: Array<{
          ruleId: string;
          level: string;
          message: { text: string };
          locations: Array<{
            physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } };
          }>;
        }>;
      }>;
    };
    expect(sarifErrors(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe('zonectl');
    const ipv4 = run.results.find((r) => r.ruleId === 'content.ipv4')!;
    expect(ipv4.level).toBe('error');
    expect(ipv4.message.text).toMatch(/^records\[0\]\.content: /);
    expect(ipv4.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'broken.yaml', uriBaseId: '%SRCROOT%' },
      region: { startLine: 4, startColumn: expect.any(Number) },
    });
    const rule = run.tool.driver.rules.find((r) => r.id === 'content.ipv4')!;
    expect(rule.help.text).toBe('A content is an IPv4 address. Rule: RFC 1035 §3.4.1. Reported by zonectl validate.');
    expect(rule.helpUri).toBe('https://www.rfc-editor.org/rfc/rfc1035#section-3.4.1');

    writeFileSync(join(dir, 'broken.yaml'), readFileSync(join(dir, 'broken.yaml'), 'utf8').replace('300.1.1.1', '192.0.2.1'));
    const l = await runCli(['lint', 'broken.yaml', '--format', 'sarif'], {}, dir);
    expect(l.code).toBe(0);
    const lint = JSON.parse(l.stdout) as typeof log;
    expect(sarifErrors(lint)).toEqual([]);
    const spf = lint.runs[0]!.results.find((r) => r.ruleId === 'lint.spf-permissive-all')!;
    expect(spf.level).toBe('warning');
    expect(spf.locations[0]!.physicalLocation.region.startLine).toBe(5);
    expect(lint.runs[0]!.tool.driver.rules.find((r) => r.id === 'lint.spf-permissive-all')!.helpUri).toBe(
      'https://www.rfc-editor.org/rfc/rfc7208#section-5.1',
    );
  });
});
