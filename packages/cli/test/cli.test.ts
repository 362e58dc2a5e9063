/**
 * The command line itself, run as the real binary: help for every command,
 * unknown commands and options, exit codes.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { COMMAND_OPTIONS } from '../src/args.js';
import { main } from '../src/cli.js';
import { HELP } from '../src/help.js';
import { repoRoot, runCli } from './helpers.js';

// In this process only (the binary runs in its own): `fingerprint` runs out of stack, as a walker on input nested too deep would.
vi.mock('../src/commands/fingerprint.js', () => ({
  fingerprint: async () => {
    throw new RangeError('Maximum call stack size exceeded');
  },
}));

const commands = ['check', 'brief', 'status', 'fingerprint', 'ingest', 'sources'];

describe('research-pack', () => {
  it('prints its help with --help, -h and help, and exits 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const result = await runCli(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: research-pack <command> \[options\]/);
      for (const command of commands) expect(result.stdout).toContain(`\n  ${command} `);
      expect(result.stdout).toContain('Exit codes:\n  0  success\n  1  ');
      expect(result.stderr).toBe('');
    }
  });

  it.each(commands)('prints the help of %s with --help, -h and `help <command>`, and exits 0', async (command) => {
    for (const args of [[command, '--help'], [command, '-h'], ['help', command], [command, 'extra', '--help']]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Usage: research-pack ${command}\\b`));
      expect(result.stdout).toContain('-h, --help');
      expect(result.stdout).toMatch(/Exit codes: 0 /);
      expect(result.stderr).toBe('');
    }
  });

  it("names every option a command takes in that command's help (an outside author's finding: --as-of was taken, not shown)", () => {
    const missing = Object.entries(COMMAND_OPTIONS).flatMap(([command, options]) =>
      Object.entries(options as Record<string, { short?: string }>).flatMap(([name]) => (HELP[command as keyof typeof HELP].includes(`--${name}`) ? [] : [`${command} --${name}`])),
    );
    expect(missing).toEqual([]);
  });

  it('prints its version', async () => {
    const result = await runCli(['--version']);
    expect(result).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });

  it('exits 2 with the usage on stderr when no command is given', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Usage: research-pack <command>/);
  });

  it('exits 2 for an unknown command, naming the commands', async () => {
    const result = await runCli(['chek']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'research-pack: unknown command "chek" (did you mean "check"?); commands: check, brief, status, fingerprint, ingest, sources, review, accept, reject, accept-claim, verdict, reviewed, source, cite, anchor, remove-claim, move-claim, recover\nRun `research-pack --help` for usage.\n',
    );
    expect((await runCli(['help', 'chek'])).code).toBe(2);
    // A verb with the kind of item it decides on is the verb (an outside author's slip).
    expect((await runCli(['reject-claim', 'p1'])).stderr).toMatch(/^research-pack: unknown command "reject-claim" \(did you mean "reject"\? it decides on leads and proposed claims alike\); /);
    expect((await runCli(['delete-claim', 'usage-block'])).stderr).toMatch(/^research-pack: unknown command "delete-claim" \(did you mean "remove-claim"\? it takes claims out of the sidecars\); /);
    expect((await runCli(['xyzzy'])).stderr).toMatch(/^research-pack: unknown command "xyzzy"; commands: /);
    expect((await runCli(['--bogus'])).stderr).toContain('unknown option "--bogus"');
  });

  it('exits 2 for an option the command does not take', async () => {
    const result = await runCli(['fingerprint', '--site', 'https://x.org', 'content/books/pi/27-chapter.mdx']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'research-pack fingerprint: unknown option --site; `fingerprint` takes --help (see `research-pack fingerprint --help`)\nRun `research-pack fingerprint --help` for usage.\n',
    );
    const check = await runCli(['check', '--bogus']);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('research-pack check: unknown option --bogus; `check` takes --root, --content, --as-of, --format, --sources, --fail-on, --strict, --cache, --help');
  });

  it('exits 2 for a project or books folder that does not exist, instead of passing it as a project without books', async () => {
    const check = await runCli(['check', 'no-such-project']);
    expect(check).toEqual({
      code: 2,
      stdout: '',
      stderr: `research-pack check: no folder "no-such-project" (looked for ${path.join(repoRoot, 'no-such-project')}); give the project folder, the one that holds content/books\nRun \`research-pack check --help\` for usage.\n`,
    });
    // A file where the folder goes (a chapter, an outside author's slip) is named as a file.
    const status = await runCli(['status', '--root', 'package.json', '--content', 'books']);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('research-pack status: "package.json" is a file; give the project folder, the one that holds books (the command reads every book), or nothing');
    const chapter = await runCli(['check', 'content/books/pi/27-chapter.mdx']);
    expect(chapter.code).toBe(2);
    expect(chapter.stderr).toContain('research-pack check: "content/books/pi/27-chapter.mdx" is a file; give the project folder, the one that holds content/books');
    // The project folder exists, but not its books folder: the wrong folder, or --content forgotten.
    const content = await runCli(['check', 'packages']);
    expect(content.code).toBe(2);
    expect(content.stderr).toContain(`research-pack check: ${path.join(repoRoot, 'packages')} has no folder content/books; give the project folder that holds it, or name the books folder with --content`);
  });

  it('exits 2 for an option without its value, and for bad values', async () => {
    const cases: Array<[string[], string]> = [
      [['brief', 'pi/27-chapter', '--site'], 'research-pack brief: option --site <value> needs a value\n'],
      [['check', '--format', 'xml'], 'research-pack check: --format must be "text", "json", or "github", got "xml"\n'],
      [['status', '--as-of', '2026-02-30'], 'research-pack status: --as-of must be a real date written as YYYY-MM-DD, got "2026-02-30"\n'],
      [['brief', 'pi/27-chapter', '--site', 'javascript:alert(1)'], 'research-pack brief: --site must be an absolute http(s) URL such as https://books.example.org, got "javascript:alert(1)"\n'],
      [['brief', 'pi'], 'research-pack brief: expected <book>/<chapter>, e.g. pi/27-chapter, got "pi"\n'],
      [['brief'], 'research-pack brief: expected <book>/<chapter>, got nothing\n'],
      [['status', 'pi'], 'research-pack status: expected no arguments, got "pi"\n'],
      [['check', 'a', 'b'], 'research-pack check: expected at most one folder, got "a" "b"\n'],
      [['sources', 'refresh', '--timeout', '-1'], 'research-pack sources: option --timeout is followed by "-1", which reads as an option; if it is the value, write --timeout=-1\n'],
      [['sources', 'refresh', '--timeout', '5', '--timeout', '-2'], 'research-pack sources: option --timeout is followed by "-2", which reads as an option; if it is the value, write --timeout=-2\n'],
      [['check', '.', '--root', '.'], 'research-pack check: give the project folder once: either [dir] (".") or --root (".")\n'],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toBe(`${message}Run \`research-pack ${args[0]} --help\` for usage.\n`);
    }
  });

  it('exits 2 for a malformed SOURCE_DATE_EPOCH instead of using another date', async () => {
    const result = await runCli(['check'], { env: { SOURCE_DATE_EPOCH: 'yesterday' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('research-pack check: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, got "yesterday"');
  });
});

describe('research-pack, when reading exhausts the stack', () => {
  it('says so in words, naming the file it was reading, with no stack trace and exit 1', async () => {
    let stdout = '';
    let stderr = '';
    const code = await main(['fingerprint', 'content/books/pi/27-chapter.mdx'], { cwd: repoRoot, env: {}, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'research-pack fingerprint: "content/books/pi/27-chapter.mdx" nests too deeply to be read (Maximum call stack size exceeded): look for a line that opens with a long run of ">" or list markers, or brackets, tags or YAML lists left open, and nest a few levels at most\n',
    );
  });
});
