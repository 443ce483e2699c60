/**
 * DKIM keys (RFC 6376 §3.6.1) at `<selector>._domainkey.<name>`: a tag list with `v=DKIM1` first
 * when present, `k=` rsa (the default) or ed25519 (RFC 8463), `p=` base64 (empty means the key
 * was revoked), and RSA keys of at least 2048 bits (RFC 8301 §3.2: signers MUST use at least
 * 1024 and SHOULD use 2048; receivers may refuse shorter ones).
 */
import { createPublicKey } from 'node:crypto';
import { txtText } from '../model/txt-strings.js';
import { finding, type LintContext } from './finding.js';
import { rsaModulusBits } from './rsa-modulus.js';
import { parseTagList, tagValue } from './tag-list.js';
import type { ZoneIndex } from './zone-index.js';
import type { Problem } from '../yaml/index.js';

/**
 * Bits of an RSA public key given as base64 DER (SubjectPublicKeyInfo), or undefined when it is
 * not one: read directly when canonical (rsa-modulus.ts), else as OpenSSL decodes it.
 */
export function rsaKeyBits(base64: string): number | undefined {
  const der = Buffer.from(base64, 'base64');
  const bits = rsaModulusBits(der);
  if (bits !== undefined) return bits;
  try {
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'rsa' ? key.asymmetricKeyDetails?.modulusLength : undefined;
  } catch {
    return undefined;
  }
}

export function lintDkim(ctx: LintContext, index: ZoneIndex): Problem[] {
  const out: Problem[] = [];
  for (const r of index.records) {
    if (r.record.type !== 'TXT' || !/^[^.]+(\.[^.]+)*\._domainkey\./.test(r.record.name)) continue;
    const text = txtText(r.record.content ?? '').trim();
    const list = parseTagList(text);
    if (list.error !== undefined) {
      out.push(
        finding(
          ctx,
          r,
          'content',
          'DKIM_SYNTAX',
          `DKIM key syntax: ${list.error} (RFC 6376 §3.2)`,
          'write tag=value pairs separated by ";"',
        ),
      );
      continue;
    }
    const v = tagValue(list, 'v');
    if (v !== undefined && (list.tags[0].name !== 'v' || v !== 'DKIM1')) {
      out.push(
        finding(
          ctx,
          r,
          'content',
          'DKIM_SYNTAX',
          'v= must be the first tag and equal "DKIM1" (RFC 6376 §3.6.1)',
          'start the record with "v=DKIM1;"',
        ),
      );
    }
    const k = (tagValue(list, 'k') ?? 'rsa').toLowerCase();
    if (k !== 'rsa' && k !== 'ed25519')
      out.push(finding(ctx, r, 'content', 'DKIM_KEY', `k=${k} is not a DKIM key type (rsa, ed25519)`, 'use k=rsa or k=ed25519'));
    const p = tagValue(list, 'p');
    if (p === undefined) {
      out.push(finding(ctx, r, 'content', 'DKIM_KEY', 'the DKIM record has no p= public key (RFC 6376 §3.6.1)', 'add p=<base64 key>'));
      continue;
    }
    const key = p.replace(/\s+/g, '');
    if (key === '') {
      out.push(
        finding(
          ctx,
          r,
          'content',
          'DKIM_REVOKED',
          `the key at ${r.record.name} is revoked (empty p=): mail signed with this selector fails`,
          'remove the record once no mail uses the selector',
        ),
      );
      continue;
    }
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0) {
      out.push(
        finding(ctx, r, 'content', 'DKIM_KEY', 'p= is not base64 (RFC 6376 §3.6.1)', 'paste the key exactly as the mail system gives it'),
      );
      continue;
    }
    if (k === 'rsa') {
      const bits = rsaKeyBits(key);
      if (bits === undefined)
        out.push(
          finding(
            ctx,
            r,
            'content',
            'DKIM_KEY',
            'p= is not an RSA public key (DER SubjectPublicKeyInfo)',
            'paste the key exactly as the mail system gives it',
          ),
        );
      else if (bits < 2048)
        out.push(
          finding(
            ctx,
            r,
            'content',
            'DKIM_WEAK_KEY',
            `the RSA key is ${bits} bits: signers SHOULD use at least 2048 (RFC 8301 §3.2)${bits < 1024 ? ' and receivers may reject keys under 1024' : ''}`,
            'publish a 2048-bit key under a new selector',
          ),
        );
    }
  }
  return out;
}
