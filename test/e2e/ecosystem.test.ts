/**
 * Habits of the ecosystem, through the real CLI: shell completion (the bash script sourced into a
 * real bash and asked for completions), `--no-color`, `lint --format json`, validate's problem
 * lines on stdout.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness } from '../scenario/harness.js';
import { git } from '../support/git.js';
import { commandRuns, needsTool } from '../support/needs-tool.js';
import { TSX_LOADER, runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const FISH = needsTool({ name: 'fish', available: commandRuns('fish', ['--version']), install: 'Debian package fish' });
const ZSH = needsTool({ name: 'zsh', available: commandRuns('zsh', ['--version']), install: 'Debian package zsh' });

const dir = tempDir('eco');

describe('zonectl completion', () => {
  let script: string;
  /**
   * A git repository with branches, a tag, and a branch whose name is a command substitution
   * (legal in git): completion may offer the first, never the last, and never run it.
   */
  const repo = join(dir, 'repo');
  const HOSTILE_REF = '$(touch${IFS}pwned)';
  beforeAll(async () => {
    const r = await runCli(['completion', 'bash']);
    expect(r.code, r.stderr).toBe(0);
    script = join(dir, 'zonectl.bash');
    writeFileSync(script, r.stdout);
    mkdirSync(repo);
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'first');
    git(repo, 'branch', 'feature/mail');
    git(repo, 'tag', 'v1.0');
    git(repo, 'branch', HOSTILE_REF);
  });

  /** What bash completes for the words typed so far (the last one being completed). */
  const complete = (...words: string[]): string[] => completeIn(dir, ...words);
  const completeIn = (cwd: string, ...words: string[]): string[] => {
    const quoted = words.map((w) => `'${w}'`).join(' ');
    const out = execFileSync(
      'bash',
      [
        '--norc',
        '--noprofile',
        '-c',
        `source '${script}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _zonectl; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      {
        cwd,
        encoding: 'utf8',
      },
    );
    return out.split('\n').filter((l) => l !== '');
  };

  it('bash: the global flags after the command too; git refs after --changed-since, a hostile ref neither offered nor run', () => {
    expect(complete('zonectl', 'plan', '--qu')).toEqual(['--quiet']);
    expect(complete('zonectl', 'apply', '--no-c')).toEqual(['--no-color']);
    expect(complete('zonectl', 'drift', 'zones/', '--request-t')).toEqual(['--request-timeout']);
    expect(complete('zonectl', 'plan', '--request-timeout', '')).toEqual([]);
    expect(complete('zonectl', '--request-timeout', '')).toEqual([]);
    expect(completeIn(repo, 'zonectl', 'plan', '--changed-since', '').sort()).toEqual(['HEAD', 'feature/mail', 'main', 'v1.0']);
    expect(completeIn(repo, 'zonectl', 'apply', 'zones/', '--changed-since', 'fe')).toEqual(['feature/mail']);
    expect(completeIn(repo, 'zonectl', 'plan', '--changed-since', '$')).toEqual([]);
    expect(existsSync(join(repo, 'pwned'))).toBe(false);
    // Outside a repository: nothing but HEAD, no error on the terminal.
    expect(complete('zonectl', 'plan', '--changed-since', '')).toEqual(['HEAD']);
  });

  it('bash: commands, subcommands, flags, flag values and file names', () => {
    expect(complete('zonectl', 'pl')).toEqual(['plan']);
    expect(complete('zonectl', '')).toEqual(
      expect.arrayContaining(['validate', 'plan', 'apply', 'drift', 'completion', '--quiet', '--no-color']),
    );
    expect(complete('zonectl', '--verbose', 'ap')).toEqual(['apply']);
    expect(complete('zonectl', 'plan', '--det')).toEqual(['--detailed-exitcode']);
    expect(complete('zonectl', 'plan', '--format', '')).toEqual(['text', 'json', 'markdown', 'html', 'junit', 'slack']);
    expect(complete('zonectl', 'apply', '--format', 'j')).toEqual(['json']);
    expect(complete('zonectl', 'emulator', '--zone-plan', 'p')).toEqual(['pro']);
    expect(complete('zonectl', 'token', '')).toContain('roll');
    writeFileSync(join(dir, 'example.com.yaml'), 'version: 1\nzone: example.com\nrecords: []\n');
    expect(complete('zonectl', 'plan', 'exa')).toEqual(['example.com.yaml']);
  });

  FISH.it('fish: the script completes commands, flag values and subcommands in a real fish', async () => {
    const r = await runCli(['completion', 'fish']);
    const file = join(dir, 'zonectl.fish');
    writeFileSync(file, r.stdout);
    const ask = (line: string): string[] =>
      execFileSync('fish', ['--no-config', '-c', `source '${file}'; complete -C '${line}'`], { cwd: dir, encoding: 'utf8' })
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t')[0]!);
    expect(ask('zonectl pl')).toEqual(['plan']);
    expect(ask('zonectl plan --format ')).toEqual(['html', 'json', 'junit', 'markdown', 'slack', 'text']);
    expect(ask('zonectl token ')).toContain('roll');
    // The program's flags after the command; git refs after --changed-since, a hostile ref left out.
    expect(ask('zonectl plan --qu')).toEqual(['--quiet']);
    expect(ask('zonectl apply zones/ --request-t')).toEqual(['--request-timeout']);
    const refs = execFileSync('fish', ['--no-config', '-c', `source '${file}'; complete -C 'zonectl plan --changed-since '`], {
      cwd: repo,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t')[0]!);
    expect(refs.sort()).toEqual(['HEAD', 'feature/mail', 'main', 'v1.0']);
    expect(existsSync(join(repo, 'pwned'))).toBe(false);
  });

  ZSH.it('zsh: the script loads in a real zsh and defines the completion function', () => {
    const file = join(dir, 'zonectl.zsh');
    writeFileSync(
      file,
      execFileSync(process.execPath, ['--import', TSX_LOADER, join(process.cwd(), 'src/cli/main.ts'), 'completion', 'zsh'], {
        encoding: 'utf8',
      }),
    );
    const out = execFileSync('zsh', ['-f', '-c', `source '${file}' && whence -w _zonectl && complete -p zonectl`], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(out).toContain('_zonectl: function');
    expect(out).toContain('complete -o default -F _zonectl zonectl');
    // The git refs of --changed-since, in zsh's reading of the same function.
    const refs = execFileSync('zsh', ['-f', '-c', `source '${file}' && cur= && _zonectl_git_refs && print -l -- "\${COMPREPLY[@]}"`], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(
      refs
        .split('\n')
        .filter((l) => l !== '')
        .sort(),
    ).toEqual(['HEAD', 'feature/mail', 'main', 'v1.0']);
    expect(existsSync(join(repo, 'pwned'))).toBe(false);
  });

  it('zsh and fish scripts name every command; an unknown shell is refused', async () => {
    const zsh = await runCli(['completion', 'zsh']);
    expect(zsh.stdout).toMatch(/^#compdef zonectl/);
    expect(zsh.stdout).toContain('complete -o default -F _zonectl zonectl');
    const fish = await runCli(['completion', 'fish']);
    for (const command of ['validate', 'plan', 'apply', 'drift', 'export', 'import', 'lint', 'resolve', 'token', 'init']) {
      expect(fish.stdout).toContain(`complete -c zonectl -n '__fish_use_subcommand' -a ${command} `);
    }
    expect(fish.stdout).toContain(
      "complete -c zonectl -n '__fish_seen_subcommand_from plan' -l format -xa 'text json markdown html junit slack'",
    );
    const bad = await runCli(['completion', 'tcsh']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/error\[BAD_ARGS\]: completion: unknown shell "tcsh"/);
  });
});

describe('output habits', () => {
  const broken = join(dir, 'broken.yaml');
  beforeAll(() => {
    writeFileSync(
      broken,
      'version: 1\nzone: example.com\nrecords:\n  - { name: "@", type: TXT, content: "v=spf1 +all" }\n  - { name: www, type: A, content: 300.1.1.1 }\n',
    );
  });

  it('--no-color turns colour off even where FORCE_COLOR would turn it on', async () => {
    const h = await startHarness();
    try {
      const file = join(dir, 'coloured.yaml');
      writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
      const env = { NO_COLOR: '', FORCE_COLOR: '1', CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
      const esc = String.fromCharCode(27);
      const coloured = await runCli(['plan', file], env);
      expect(coloured.code, coloured.stderr).toBe(0);
      expect(coloured.stdout).toContain(`${esc}[`);
      const plain = await runCli(['--no-color', 'plan', file], env);
      expect(plain.code).toBe(0);
      expect(plain.stdout).toContain('+ www.example.com A 192.0.2.1');
      expect(plain.stdout + plain.stderr).not.toContain(esc);
    } finally {
      await h.close();
    }
  });

  it('validate prints problem lines on stdout, then the summary; nothing on stderr', async () => {
    const r = await runCli(['validate', broken]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/broken\.yaml:5:\d+ records\[1\]\.content: "300\.1\.1\.1" is not an IPv4 address/);
    expect(lines[lines.length - 1]).toMatch(/broken\.yaml: 1 error/);
    expect(r.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
  });

  it('lint --format json: one document with every finding and a summary', async () => {
    const ok = join(dir, 'spf.yaml');
    writeFileSync(ok, 'version: 1\nzone: example.com\nrecords:\n  - { name: "@", type: TXT, content: "v=spf1 +all" }\n');
    const r = await runCli(['lint', '--format', 'json', ok, broken]);
    expect(r.code).toBe(1); // broken.yaml does not load
    const doc = JSON.parse(r.stdout) as {
      command: string;
      files: { file: string; linted: boolean; findings: number; problems: { line: number; code: string; severity: string }[] }[];
      summary: { files: number; not_linted: number; findings: number; finding_errors: number; finding_warnings: number };
    };
    expect(doc.command).toBe('lint');
    expect(doc.files.map((f) => [f.file, f.linted])).toEqual([
      [ok, true],
      [broken, false],
    ]);
    expect(doc.files[0]!.problems).toEqual([expect.objectContaining({ line: 4, code: 'lint.spf-permissive-all', severity: 'warning' })]);
    expect(doc.summary).toEqual({ files: 2, not_linted: 1, findings: 1, finding_errors: 0, finding_warnings: 1 });
    const strict = await runCli(['lint', '--strict', '--format', 'json', ok]);
    expect(strict.code).toBe(1);
    expect((JSON.parse(strict.stdout) as typeof doc).files[0]!.problems[0]!.severity).toBe('error');
  });
});

describe('plan --format json across zones', () => {
  it('has a top-level summary of the run: zones, failures, changes by action', async () => {
    const h = await startHarness({ zones: ['example.com', 'example.org'] });
    try {
      const a = join(dir, 'a.yaml');
      const b = join(dir, 'b.yaml');
      const c = join(dir, 'c.yaml');
      writeFileSync(
        a,
        'version: 1\nzone: example.com\nrecords:\n  - { name: h2, type: A, content: 192.0.2.2 }\n  - { name: h10, type: A, content: 192.0.2.10 }\n',
      );
      writeFileSync(b, 'version: 1\nzone: example.org\nrecords:\n  - { name: www, type: A, content: 192.0.2.3 }\n');
      writeFileSync(c, 'version: 1\nzone: missing.example\nrecords: []\n');
      const r = await runCli(['plan', '--format', 'json', a, b, c], {
        CLOUDFLARE_BASE_URL: h.emulator.baseUrl,
        CLOUDFLARE_API_TOKEN: TOKEN,
      });
      expect(r.code).toBe(1); // missing.example is not a zone here
      const doc = JSON.parse(r.stdout) as {
        summary: Record<string, number>;
        zones: { zone: string; changes: { after: { name: string } }[] }[];
      };
      expect(doc.summary).toEqual({
        zones: 3,
        planned: 2,
        failed: 1,
        with_changes: 2,
        create: 3,
        update: 0,
        delete: 0,
        unchanged: 0,
        unmanaged: 0,
        mark: 0,
        left_alone: 0,
      });
      expect(Object.keys(doc)[1]).toBe('summary');
      // Names in natural order: h2 before h10.
      expect(doc.zones.find((z) => z.zone === 'example.com')?.changes.map((ch) => ch.after.name)).toEqual([
        'h2.example.com',
        'h10.example.com',
      ]);
    } finally {
      await h.close();
    }
  });
});
