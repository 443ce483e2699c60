/**
 * A repository as a pull request leaves it in a CI job: a real git repository in a temporary
 * directory whose files the test (the attacker) writes, and helpers to commit them and to read
 * every output of a run. The fixtures of test/security build on it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

export interface PrRepo {
  readonly root: string;
  /** Writes `text` at `path` (relative to the root), making directories; returns the absolute path. */
  write(path: string, text: string): string;
  /** Runs git in the repository (no user configuration: a fixed identity, no hooks of the machine). */
  git(...args: string[]): string;
  /** `git add -A && git commit -m message`. */
  commit(message: string): void;
  remove(): void;
}

export function makeRepo(prefix: string, options: { git?: boolean } = {}): PrRepo {
  const root = tempDir(prefix.replace(/^zonectl-/, '').replace(/-$/, ''));
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'attacker',
    GIT_AUTHOR_EMAIL: 'attacker@example.com',
    GIT_COMMITTER_NAME: 'attacker',
    GIT_COMMITTER_EMAIL: 'attacker@example.com',
  };
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, env, encoding: 'utf8' });
  if (options.git !== false) git('init', '-q', '-b', 'main');
  else mkdirSync(join(root, '.git'));
  return {
    root,
    write(path, text) {
      const p = join(root, path);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      return p;
    },
    git,
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '-m', message);
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Everything a run printed, plus the files it may have written (those that exist). */
export function everythingWritten(results: readonly CliResult[], files: readonly string[] = []): string {
  return [
    ...results.map((r) => `${r.stdout}\n${r.stderr}`),
    ...files.filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8')),
  ].join('\n');
}

/** Where a run that must send nothing is pointed: a loopback listener that counts connections. */
export interface ConnectionCounter {
  /** A base URL that reaches it. */
  readonly baseUrl: string;
  connections(): number;
  close(): Promise<void>;
}

export async function startConnectionCounter(): Promise<ConnectionCounter> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
