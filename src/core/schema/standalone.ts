/**
 * Build time only (scripts/aot-schema.mjs, and the test that checks it): the validators of
 * ajv-setup.ts as standalone CommonJS code (Ajv's standalone mode,
 * https://ajv.js.org/standalone.html), one export per name of VALIDATOR_REFS. The code still
 * `require`s Ajv's small run-time helpers (ucs2length); the build bundles them in.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import { newAjv, VALIDATOR_REFS } from './ajv-setup.js';

export function standaloneValidatorsSource(): string {
  const ajv = newAjv({ source: true });
  // ajv/dist/standalone is CommonJS: `module.exports` is the function, with a `default` beside it;
  // which of the two a default import gives depends on who loads it (Node, esbuild, tsx).
  type Generate = (instance: ReturnType<typeof newAjv>, refs: Record<string, string>) => string;
  const loaded = standaloneCode as unknown as Generate | { default: Generate };
  const generate = typeof loaded === 'function' ? loaded : loaded.default;
  return generate(ajv, { ...VALIDATOR_REFS });
}
