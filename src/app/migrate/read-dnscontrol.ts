/**
 * Reading what `zonectl import --from dnscontrol IR.json` needs: the JSON `dnscontrol print-ir`
 * wrote (a file that is not JSON is refused at its line). The conversion is core's.
 */
import { readDnscontrolIr, type DnscontrolImport } from '../../core/migrate/dnscontrol/dnscontrol-ir.js';
import { readJsonFile } from './read-json.js';

export function readDnscontrolImport(file: string): DnscontrolImport & { accounts: [] } {
  const read = readJsonFile(file);
  if (!read.ok) return { zones: [], accounts: [], report: { from: 'dnscontrol', zones: [], other: [] }, problems: [read.problem] };
  return { ...readDnscontrolIr(read.value, file), accounts: [] };
}
