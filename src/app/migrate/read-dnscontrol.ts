/**
 * Reading what `zonectl import --from dnscontrol IR.json [dnsconfig.js]` needs: the JSON
 * `dnscontrol print-ir` wrote (a file that is not JSON is refused at its line) and, to carry its
 * comments across, the `dnsconfig.js` it was made from: the one named, else the one beside the
 * IR, when there (issue 40 item 1). The JavaScript is only parsed, never run. The conversion is
 * core's.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readDnscontrolIr, type DnscontrolImport } from '../../core/migrate/dnscontrol/dnscontrol-ir.js';
import { readInputText, readJsonFile } from './read-json.js';

/** The largest dnsconfig.js read for its comments (a few thousand domains' worth). */
export const MAX_DNSCONFIG_BYTES = 8 * 1024 * 1024;

export function readDnscontrolImport(file: string, dnsconfig?: string): DnscontrolImport & { accounts: [] } {
  const read = readJsonFile(file);
  if (!read.ok) return { zones: [], accounts: [], report: { from: 'dnscontrol', zones: [], other: [] }, problems: [read.problem] };
  const beside = join(dirname(file), 'dnsconfig.js');
  const js = dnsconfig ?? (existsSync(beside) ? beside : undefined);
  if (js === undefined) return { ...readDnscontrolIr(read.value, file), accounts: [] };
  const text = readInputText(js, { maxBytes: MAX_DNSCONFIG_BYTES, kind: 'zonectl reads as dnsconfig.js' });
  if (!text.ok) return { zones: [], accounts: [], report: { from: 'dnscontrol', zones: [], other: [] }, problems: [text.problem] };
  return { ...readDnscontrolIr(read.value, file, { file: js, text: text.text }), accounts: [] };
}
