import { execFileSync } from 'node:child_process';

/** git in `cwd` as a test's committer (no signing, no user configuration needed), without a shell. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
}
