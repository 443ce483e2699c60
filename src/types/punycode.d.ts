declare module 'punycode/punycode.js' {
  /** Converts a Unicode domain name to ASCII (only non-ASCII labels are encoded). */
  export function toASCII(domain: string): string;
  /** Converts an ASCII (punycode) domain name to Unicode. */
  export function toUnicode(domain: string): string;
  const punycode: { toASCII: typeof toASCII; toUnicode: typeof toUnicode };
  export default punycode;
}
