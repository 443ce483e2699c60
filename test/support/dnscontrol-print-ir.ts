/**
 * A stand-in for `dnscontrol print-ir` (DNSControl cannot be installed here: neither npm nor
 * Debian carries it), for the real `dnsconfig.js` fixtures of test/fixtures/real-zones: the file
 * runs in a `node:vm` context whose functions build what DNSControl's pkg/js/helpers.js builds for
 * the few functions those files call (NewRegistrar, NewDnsProvider with its type from creds.json,
 * DEFAULTS, D, D_EXTEND, DnsProvider, A, AAAA, ALIAS, CNAME, MX, TXT, CF_PROXY_*), records with
 * DNSControl's default TTL 300 (models/dns.go) and `filepos` as FixPosition writes it
 * (`[line:L:C]`, the outermost frame of the main script, as helpers.js reads `new Error().stack`).
 * Anything else the file calls throws: a fixture must not lose a record silently. Not zonectl's
 * importer, and not DNSControl: the records it yields are checked against hand-written ones.
 */
import { runInNewContext } from 'node:vm';

interface IrRecord {
  type: string;
  name: string;
  target: string;
  ttl: number;
  meta: Record<string, string>;
  filepos: string;
  mxpreference?: number;
}

interface IrDomain {
  name: string;
  registrar: string;
  dnsProviders: Record<string, number>;
  meta: Record<string, string>;
  records: IrRecord[];
}

type Modifier = (d: IrDomain) => void;

const DEFAULT_TTL = 300;

/** `dnsconfig.js` (named `file` in the stack) -> the IR document; `providerTypes`: creds.json's TYPE by provider name. */
export function printIr(source: string, file: string, providerTypes: Readonly<Record<string, string>>): unknown {
  const providers: Array<{ name: string; type: string }> = [];
  const domains: IrDomain[] = [];
  let defaults: unknown[] = [];
  const position = (): string => {
    const frames = (new Error().stack ?? '').split('\n').filter((l) => l.includes(`${file}:`));
    const m = /:(\d+):(\d+)\)?$/.exec(frames[frames.length - 1] ?? '');
    return m !== null ? `[line:${m[1]}:${m[2]}]` : '';
  };
  const apply = (d: IrDomain, items: readonly unknown[]): void => {
    for (const item of items) {
      if (Array.isArray(item)) apply(d, item);
      else if (typeof item === 'function') (item as Modifier)(d);
      else if (typeof item === 'object' && item !== null) Object.assign(d.meta, item);
      else if (typeof item === 'string') d.registrar = item;
    }
  };
  const record =
    (type: string) =>
    (...args: unknown[]): Modifier => {
      const filepos = position();
      return (d) => {
        const [name, ...rest] = args;
        const r: IrRecord = { type, name: String(name), target: '', ttl: DEFAULT_TTL, meta: {}, filepos };
        let values = rest;
        if (type === 'MX') {
          r.mxpreference = Number(values[0]);
          values = values.slice(1);
        }
        r.target = String(values[0]);
        for (const m of values.slice(1)) if (typeof m === 'object' && m !== null) Object.assign(r.meta, m);
        d.records.push(r);
      };
    };
  const context = {
    NewRegistrar: (name: string) => name,
    NewDnsProvider: (name: string, type?: string) => {
      providers.push({ name, type: type ?? providerTypes[name] ?? 'NONE' });
      return name;
    },
    DnsProvider:
      (name: string): Modifier =>
      (d) => {
        d.dnsProviders[name] = -1;
      },
    DEFAULTS: (...items: unknown[]) => {
      defaults = items;
    },
    D: (name: string, ...items: unknown[]) => {
      const d: IrDomain = { name, registrar: '', dnsProviders: {}, meta: {}, records: [] };
      apply(d, [...defaults, ...items]);
      domains.push(d);
    },
    D_EXTEND: (name: string, ...items: unknown[]) => {
      const d = domains.find((x) => x.name === name);
      if (d === undefined) throw new Error(`D_EXTEND of ${name}: no D() before it`);
      apply(d, items);
    },
    A: record('A'),
    AAAA: record('AAAA'),
    ALIAS: record('ALIAS'),
    CNAME: record('CNAME'),
    MX: record('MX'),
    TXT: record('TXT'),
    CF_PROXY_ON: { cloudflare_proxy: 'on' },
    CF_PROXY_OFF: { cloudflare_proxy: 'off' },
    CF_PROXY_DEFAULT_ON: { cloudflare_proxy_default: 'on' },
    CF_PROXY_DEFAULT_OFF: { cloudflare_proxy_default: 'off' },
  };
  runInNewContext(source, context, { filename: file });
  return { registrars: [], dns_providers: providers, domains };
}
