/**
 * The HTTPS record the service generates on the fly for proxied names when HTTP/2 or HTTP/3 is
 * enabled (the emulator takes both as on, the service's default): priority 1, target "." (the
 * owner itself), `alpn="h3,h2"` and address hints of the proxied addresses (RFC 9460 §7.3,
 * https://blog.cloudflare.com/speeding-up-https-and-http-3-negotiation-with-dns/).
 */
import { ipv4Bytes, ipv6Bytes } from './rdata.js';
import { nameBytes, u16 } from './wire.js';

function param(key: number, value: Buffer): Buffer {
  return Buffer.concat([u16(key), u16(value.length), value]);
}

export function synthesizedHttps(v4: readonly string[], v6: readonly string[]): Buffer {
  const alpn = Buffer.concat(['h3', 'h2'].map((id) => Buffer.concat([Buffer.from([id.length]), Buffer.from(id)])));
  return Buffer.concat([
    u16(1),
    nameBytes(''),
    param(1, alpn),
    ...(v4.length > 0 ? [param(4, Buffer.concat(v4.map(ipv4Bytes)))] : []),
    ...(v6.length > 0 ? [param(6, Buffer.concat(v6.map(ipv6Bytes)))] : []),
  ]);
}
