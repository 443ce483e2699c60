/**
 * The one rule for tests that need a tool from outside npm (dig, kdig, named-checkzone,
 * python3-cloudflare, util-linux `script`, git):
 *
 * - the tool is there: the tests run;
 * - it is missing under CI (`CI` set to anything but "" / "0" / "false", as GitHub, GitLab and
 *   `.ci/run` set it): every such test FAILS, naming the tool and the package that provides it;
 * - it is missing elsewhere: the tests are reported as SKIPPED (never as passed), with one
 *   warning naming the package.
 *
 * `.ci/run` installs the Debian packages (scripts/ci-debian-packages.sh), which itself fails
 * under CI when it cannot.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** True when the environment says this run is CI. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/** True when `command ...args` can be started and exits 0. */
export function commandRuns(command: string, args: string[] = ['--version']): boolean {
  const probe = spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 });
  return probe.error === undefined && probe.status === 0;
}

export interface Tool {
  /** What the messages call it, e.g. "named-checkzone". */
  name: string;
  /** Whether it is usable here. */
  available: boolean;
  /** Where it comes from, e.g. "Debian package bind9-utils". */
  install: string;
}

export interface ToolGuard {
  /** `describe` whose tests run, fail (CI) or are skipped, by the rule above. */
  describe: (title: string, body: () => void) => void;
  /** `it` likewise. */
  it: (title: string, body: () => unknown, timeout?: number) => void;
  /** Whether the tool is there (for a check inside a test that also runs without it). */
  available: boolean;
}

/** The guard for tests that need every tool in `tools`. */
export function needsTools(tools: Tool[], ci: boolean = isCi()): ToolGuard {
  const missing = tools.filter((t) => !t.available);
  if (missing.length === 0) {
    return { describe: (title, body) => describe(title, body), it: (title, body, timeout) => it(title, body, timeout), available: true };
  }
  const what = missing.map((t) => `${t.name} (${t.install})`).join(', ');
  if (ci) {
    const fail = (): never => expect.fail(`CI needs ${what}, which is not installed: .ci/run installs it`);
    return {
      describe: (title) => describe(title, () => it(`needs ${what}`, fail)),
      it: (title) => it(title, fail),
      available: false,
    };
  }
  console.warn(`skipped: ${what} is not installed (CI installs it and fails without it)`);
  return { describe: (title, body) => describe.skip(title, body), it: (title, body) => it.skip(title, body), available: false };
}

/** The guard for one tool. */
export function needsTool(tool: Tool, ci: boolean = isCi()): ToolGuard {
  return needsTools([tool], ci);
}
