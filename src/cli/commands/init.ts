import { CI_PLATFORMS, runInitCi } from '../../app/init/index.js';
import { REPO_SCHEMA, writeSchemaInto } from '../../app/schema/index.js';
import { runToEnd } from '../../app/session/index.js';
import { arg, defineCommand, flag } from '../definition/define-command.js';
import { out } from '../output/io.js';
import { initCiView } from '../views/init.js';
import { VERSION } from '../version.js';

/** `uses:` of this release's action until `--action` names the repository and ref reviewed. */
const DEFAULT_ACTION = `OWNER/zonectl@v${VERSION}`;

/** `OWNER/NAME@REF` (or `OWNER/NAME/PATH@REF`), as GitHub's `uses:` names an action. */
function parseAction(value: string): string {
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(\/[A-Za-z0-9_./-]+)?@[A-Za-z0-9_./-]+$/.test(value))
    throw new Error(`expected OWNER/NAME@REF (the zonectl repository and a tag or commit SHA), got "${value}"`);
  return value;
}

/**
 * `zonectl init [DIR]`: sets a repository up for zone files. Writes the zone file's JSON Schema
 * to `.zonectl/zone.schema.json` at the repository root (the nearest directory with `.git` or
 * `zonectl.yaml`, else DIR), so that `$schema` lines are relative paths that work on every clone;
 * run again after upgrading zonectl to bring the schema up to date.
 *
 * `zonectl init --ci github|gitlab [DIR]`: the plan, apply and nightly drift CI files instead, for
 * the repository as it is (src/app/init, src/core/ci): shown as a diff, and changed only with
 * --force, when they exist.
 */
export const initCommand = defineCommand({
  name: 'init',
  description: `Write the zone file schema into the repository (${REPO_SCHEMA}) for editor completion; with --ci, its CI workflows`,
  args: { dir: arg.optional('dir', 'a directory inside the repository', '.') },
  flags: {
    ci: flag.choice(
      '--ci <platform>',
      'write the plan (pull/merge requests), apply (on merge) and nightly drift CI files for the repository as it is: its zonectl.yaml accounts and token variables, the folders of its zone files and fragments',
      CI_PLATFORMS,
    ),
    paths: flag.list(
      '--paths <path>',
      'with --ci: what the jobs plan, relative to the repository root (repeatable; default zones/)',
      (value: string): string => value,
    ),
    action: flag.parsed(
      '--action <owner/name@ref>',
      'with --ci github: the zonectl action the workflows use, pinned (default: this release, OWNER/zonectl@v<version>; better a commit SHA you reviewed)',
      parseAction,
      DEFAULT_ACTION,
    ),
    branch: flag.text('--branch <name>', 'with --ci github: the branch apply runs on', 'main'),
    tarball: flag.text('--tarball <file>', 'with --ci gitlab: the vendored zonectl tarball (default: the one vendor/zonectl-*.tgz)'),
    adoptPr: flag.switch(
      '--adopt-pr',
      'with --ci github: the nightly drift workflow also takes the drift into the zone files (drift --adopt) and opens or updates ONE pull request with the change, linking the drift issues (a job of its own with contents: write and pull-requests: write)',
    ),
    force: flag.switch('--force', 'with --ci: replace CI files that differ (without it, the difference is shown and nothing is written)'),
  },
  examples: [
    'zonectl init',
    'zonectl export --zone example.com --out zones/example.com.yaml   # its $schema line points at .zonectl/',
    'zonectl init --ci github --action my-org/zonectl@0123456789abcdef0123456789abcdef01234567',
    'zonectl init --ci gitlab --paths zones/ --tarball vendor/zonectl-0.1.0.tgz',
    'zonectl init --ci github --adopt-pr   # the nightly drift also opens one pull request adopting the drift',
    'zonectl init --ci github --force   # after adding an account: shows the difference and writes it',
  ],
  validate: ({ flags }, cli) => {
    if (flags.ci === undefined) {
      if (flags.paths !== undefined || flags.tarball !== undefined || flags.force || flags.adoptPr)
        cli.usageError('error: --paths, --tarball and --force go with --ci github|gitlab; --adopt-pr with --ci github');
      return;
    }
    if (flags.adoptPr && flags.ci !== 'github') cli.usageError('error: --adopt-pr goes with --ci github (GitLab: not yet)');
  },
  run: async ({ args, flags }) => {
    if (flags.ci === undefined) {
      const { path, result } = writeSchemaInto(args.dir);
      out(`${path}: ${result}`);
      out('Zone files written by export and import reference it with a relative # yaml-language-server: $schema= line.');
      return undefined;
    }
    const view = initCiView(flags.ci);
    const request = {
      dir: args.dir,
      platform: flags.ci,
      paths: flags.paths ?? ['zones/'],
      version: VERSION,
      action: flags.action,
      branch: flags.branch,
      tarball: flags.tarball,
      force: flags.force,
      adoptPr: flags.adoptPr,
      env: process.env,
    };
    await runToEnd(view, () => runInitCi(request, view));
    return undefined;
  },
});
