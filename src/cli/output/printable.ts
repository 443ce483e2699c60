/**
 * A value from outside (a flag's value, a file name) as messages show it, for a command's
 * definition that names it in a refusal: the one rule of every output, src/core/text/printable.ts
 * (an invisible or control character as a visible escape), which commands reach only through
 * src/cli/output (`npm run arch`: commands-hold-no-orchestration).
 */
export { printable } from '../../core/text/index.js';
