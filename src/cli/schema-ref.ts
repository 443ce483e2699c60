import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The published schema beside this installation (package root/schemas), as the editors' `$schema`. */
function schemaPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'schemas', 'zone.schema.json');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return 'zone.schema.json';
}

export function schemaRefFor(outFile: string | undefined): string {
  const schema = schemaPath();
  const from = outFile === undefined ? process.cwd() : dirname(resolve(outFile));
  const rel = relative(from, schema);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
