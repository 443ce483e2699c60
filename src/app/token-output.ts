import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './write-file-atomic.js';

/**
 * Write new token secrets to a file only its owner can read (mode 0600), as JSON
 * `{ name: value }`, merged into the file's earlier content.
 */
export function writeTokenValues(path: string, values: Readonly<Record<string, string>>): void {
  let previous: Record<string, string> = {};
  if (existsSync(path)) {
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) previous = parsed as Record<string, string>;
    } catch {
      previous = {};
    }
  }
  writeFileAtomic(path, `${JSON.stringify({ ...previous, ...values }, null, 2)}\n`, 0o600);
}
