/**
 * Text from zone files and the API in the HTML report: always text, never markup. Every value
 * goes through `printable` (control characters, bidirectional overrides and line separators
 * shown escaped) and then has `& < > " '` replaced by character references, which is safe both
 * in element content and in a quoted attribute value (HTML Living Standard, 13.1.2.3 and
 * 13.2.5.36-38). Pure.
 */
import { printable } from '../../text/index.js';

const REFERENCES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A value as HTML text (element content or a double-quoted attribute). */
export function html(text: string): string {
  return printable(text).replace(/[&<>"']/g, (c) => REFERENCES[c]!);
}

/**
 * The fragment id of a zone's section (its permalink, `#zone-example.com`): the same for a zone
 * in every report. Letters, digits, `.`, `-` stay; any other UTF-16 unit becomes `_` and four
 * hex digits, so that the id is one attribute token whatever the name holds.
 */
export function zoneAnchor(zone: string): string {
  const name = zone.toLowerCase();
  let id = 'zone-';
  for (let i = 0; i < name.length; i += 1) {
    const c = name[i]!;
    id += /^[a-z0-9.-]$/.test(c) ? c : `_${name.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return id;
}
