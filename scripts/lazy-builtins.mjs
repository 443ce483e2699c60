/**
 * Node built-in modules that bundled dependencies load at start-up for work zonectl never asks of
 * them, deferred to first use (docs/architecture.md, "Start-up"; bench/README.md, part 6):
 * - commander loads `node:child_process` (with `net` and `dgram`) to run executable
 *   subcommands, which zonectl does not define: about 18 M instructions of every command's start.
 * - undici's client loads its HTTP/2 code (`node:http2`, with `tls`) at start-up; it runs only on
 *   a connection that negotiated h2 through ALPN, which needs `allowH2`, which zonectl never sets.
 * Each rewrite names the exact text it replaces: a dependency update that changes it fails the
 * build (and this list is checked again) rather than bundling the module unchanged.
 */
import { readFile } from 'node:fs/promises';

const REWRITES = [
  {
    file: /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/,
    from: "const childProcess = require('node:child_process');",
    to: "let childProcessModule; const childProcess = { spawn: (...args) => (childProcessModule ??= require('node:child_process')).spawn(...args) };",
    // Every other use of the module must go through `spawn`, the one function the stand-in has.
    only: /childProcess\.(?!spawn\()/,
  },
  {
    file: /[\\/]node_modules[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/,
    from: "const connectH2 = require('./client-h2.js')",
    to: "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)",
    only: /connectH2\((?!client, socket\))/,
  },
];

/** The esbuild plugin applying REWRITES. */
export function lazyBuiltinsPlugin() {
  return {
    name: 'zonectl-lazy-builtins',
    setup(b) {
      for (const rewrite of REWRITES) {
        b.onLoad({ filter: rewrite.file }, async (args) => {
          const source = await readFile(args.path, 'utf8');
          const at = source.indexOf(rewrite.from);
          if (at < 0 || source.indexOf(rewrite.from, at + 1) >= 0) {
            throw new Error(`lazy-builtins: ${args.path} no longer holds exactly one \`${rewrite.from}\``);
          }
          const contents = source.replace(rewrite.from, rewrite.to);
          if (rewrite.only.test(contents.replace(rewrite.to, '')))
            throw new Error(`lazy-builtins: ${args.path} uses the module in another way`);
          return { contents, loader: 'js' };
        });
      }
    },
  };
}
