/** CNAME, NS, PTR (RFC 1035 §3.3): one host name; MX (RFC 1035 §3.3.9): a preference, then one. */
import { nameBytes, u16 } from '../../dns/wire.js';
import { type EmulatorRecordType, int } from './definition.js';
import { absoluteHost, oneHost } from './zone-file-text.js';

const hostName = (code: number): EmulatorRecordType => ({ code, rdata: (r) => nameBytes(r.content ?? ''), zoneFile: oneHost });

export const CNAME = hostName(5);
export const NS = hostName(2);
export const PTR = hostName(12);
export const MX: EmulatorRecordType = {
  code: 15,
  rdata: (r) => Buffer.concat([u16(r.priority ?? int(r.data ?? {}, 'priority')), nameBytes(r.content ?? '')]),
  zoneFile: {
    read: ({ words, host }) => ({ priority: Number(words[0]), content: host(words[1] ?? '') }),
    write: (r) => `${r.priority ?? 0} ${absoluteHost(r.content ?? '')}`,
  },
};
