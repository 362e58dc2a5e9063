/**
 * `research-pack check`, run as the real binary on the demo book and on
 * broken copies of it.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildModel } from '@research-pack/core';
import { parseChapter } from '@research-pack/markdown';
import { afterEach, describe, expect, it } from 'vitest';
import { githubAnnotation } from '../src/commands/check.js';
import { copyDemoBooks, DEMO_STALE_NOTE, editFile, lineOf, removeProject, repoRoot, runCli } from './helpers.js';

let root: string | undefined;

/** Check and build a project on threads in plain Node, with the built packages (see threaded-run.mjs). */
function runThreaded(project: string, asOf: string, threadings: Array<{ threads: number; mainThreadTakes?: boolean }>) {
  const script = path.join(repoRoot, 'packages/cli/test/threaded-run.mjs');
  const env = { ...process.env, NODE_OPTIONS: '' };
  const output = execFileSync(process.execPath, [script, project, asOf, JSON.stringify(threadings)], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(output) as Array<{ threading: unknown; model: unknown; problems: unknown[]; checked: unknown[]; hints: unknown[] }>;
}
afterEach(async () => {
  if (root) await removeProject(root);
  root = undefined;
});

describe('research-pack check', () => {
  it('finds no problem in the demo book, and says which claim shows as stale because its prose changed since the verdict', async () => {
    const result = await runCli(['check']);
    expect(result).toEqual({ code: 0, stdout: 'No problems in content/books.\n', stderr: DEMO_STALE_NOTE });
  });

  it("refuses a chapter nested 50,000 deep at its place and reads the others, without a stack trace (an outside reviewer's finding)", async () => {
    root = await copyDemoBooks();
    const file = 'content/books/pi/27-chapter.mdx';
    const line = (await readFile(path.join(root, file), 'utf8')).split('\n').length + 1;
    await writeFile(path.join(root, file), `${await readFile(path.join(root, file), 'utf8')}\n${'>'.repeat(50_000)} deep\n`);
    const result = await runCli(['check'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        `${file}:${line}:65  blocks and elements are nested more than 64 levels deep here, so the chapter is not read  (hint: a chapter nests a few levels at most (blockquotes, lists, emphasis, links, directives and tags inside one another): look for a line that opens with a long run of ">" or list markers, or "[", "(", "{" and tags left open; a line meant as code goes in a fenced code block)  [chapter/too-deep]`,
        '1 error(s), 0 warning(s) in content/books',
        '',
      ].join('\n'),
    );
  });

  it('reports an unknown key in a claims sidecar at file:line:column and exits 1', async () => {
    root = await copyDemoBooks();
    const file = path.join(root, 'content/books/pi/27-chapter.claims.yaml');
    await editFile(file, '  - id: one-object-per-line\n    anchor: directive\n', '  - id: one-object-per-line\n    anchor: directive\n    sevrity: high\n');
    const line = lineOf(await readFile(file, 'utf8'), 'sevrity');

    const result = await runCli(['check', root]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^content/books/pi/27-chapter\\.claims\\.yaml:${line}:5  claims\\[0\\]\\.sevrity  unknown key "sevrity"; allowed keys: id, anchor, verdict, priority, concern, response  \\(hint: .+\\)  \\[schema/unknown-key\\]$`,
      ),
    );
    expect(lines.slice(1)).toEqual(['1 error(s), 0 warning(s) in content/books', '']);

    // --root is the same as the folder argument, and other commands refuse to work on the chapter with the error.
    expect((await runCli(['check', '--root', root])).stderr).toBe(result.stderr);
    const brief = await runCli(['brief', 'pi/27-chapter', '--root', root]);
    expect(brief.code).toBe(1);
    expect(brief.stdout).toBe('');
    expect(brief.stderr).toBe(`research-pack brief: pi/27-chapter has 1 error(s); fix them first (\`research-pack check\` lists them):\n${lines[0]}\n`);
    // Another chapter's brief is what it was, with the chapter set aside said on standard error; a build still stops (the integration's tests).
    const other = await runCli(['brief', 'pi/26-chapter', '--root', root]);
    expect(other.code).toBe(0);
    const clean = await copyDemoBooks();
    try {
      expect(other.stdout).toBe((await runCli(['brief', 'pi/26-chapter', '--root', clean])).stdout);
    } finally {
      await removeProject(clean);
    }
    expect(other.stderr).toMatch(new RegExp(`^warning: chapter pi/27-chapter is set aside for its errors; the others are read as usual \\(a build stops at these errors: fix them first\\):\\n${lines[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nnote: no site URL`));
  });

  it('finds the same problems, in the same order, when chapters are checked on several threads', async () => {
    root = await copyDemoBooks();
    const books = path.join(root, 'content/books');
    // A second book; mistakes in several chapters of both, and a chapter number used twice.
    await cp(path.join(books, 'pi'), path.join(books, 'pj'), { recursive: true });
    await editFile(path.join(books, 'pj/book.yaml'), 'slug: pi', 'slug: pj');
    await editFile(path.join(books, 'pi/27-chapter.claims.yaml'), '    anchor: directive\n', '    anchor: directive\n    sevrity: high\n');
    await editFile(path.join(books, 'pj/26-chapter.claims.yaml'), '    priority: ', '    prioritty: ');
    await editFile(path.join(books, 'pj/28-chapter.mdx'), 'number: 28', 'number: 27');
    await editFile(path.join(books, 'pj/27-chapter.mdx'), ':claim[', ':claim[Not in the sidecar.]{#not-in-sidecar} :claim[');
    // Reviewed verdicts without the wording they reviewed, in two books: hints, not problems (none from pj/26, whose file has an error).
    await editFile(path.join(books, 'pi/26-chapter.claims.yaml'), '      textHash: 6654a850b0b88adc\n', '');
    await editFile(path.join(books, 'pj/27-chapter.claims.yaml'), '      textHash: 748130fd4742b28c\n', '');

    const asOf = '2026-12-31';
    const serial = buildModel({ rootDir: root, parse: (source, { format }) => parseChapter(source, { format }), today: asOf });
    expect(new Set(serial.problems.map((problem) => problem.rule))).toEqual(
      new Set(['schema/unknown-key', 'cross/duplicate-chapter-number', 'anchor/unknown-directive']),
    );
    expect(serial.problems.filter((problem) => problem.rule === 'schema/unknown-key').map((problem) => problem.file.split('/')[2])).toEqual(['pi', 'pj']);
    // Workers alone (one per chapter, and fewer than the chapters), this thread with them, and one thread:
    // the built packages in plain Node, as the binary and the integration run them.
    const threaded = runThreaded(root, asOf, [
      { threads: 6, mainThreadTakes: false },
      { threads: 2, mainThreadTakes: false },
      { threads: 2, mainThreadTakes: true },
      { threads: 1 },
    ]);
    for (const run of threaded) {
      expect(run.problems, JSON.stringify(run.threading)).toEqual(serial.problems);
      expect(run.checked, JSON.stringify(run.threading)).toEqual(serial.problems);
      expect(run.hints, JSON.stringify(run.threading)).toEqual([
        { file: 'content/books/pi/26-chapter.claims.yaml', line: 11, column: 5, chapter: 'pi/26-chapter', claim: 'assistant-names-model' },
        { file: 'content/books/pj/27-chapter.claims.yaml', line: 21, column: 5, chapter: 'pj/27-chapter', claim: 'one-object-per-line' },
        // The demo's claim whose prose changed since its verdict.
        { file: 'content/books/pj/27-chapter.claims.yaml', line: 126, column: 5, chapter: 'pj/27-chapter', claim: 'tree-in-place', reason: 'text-changed' },
      ]);
    }
    // And the binary, told to use threads, prints the same as on one.
    const one = await runCli(['check', root, '--format', 'json', '--as-of', asOf], { env: { RESEARCH_PACK_THREADS: '1' } });
    const three = await runCli(['check', root, '--format', 'json', '--as-of', asOf], { env: { RESEARCH_PACK_THREADS: '3' } });
    expect(one.code).toBe(1);
    expect(three).toEqual(one);
  });

  it('builds the same model on several threads as on one', async () => {
    root = await copyDemoBooks();
    const books = path.join(root, 'content/books');
    for (const slug of ['pj', 'pk', 'pl']) {
      await cp(path.join(books, 'pi'), path.join(books, slug), { recursive: true });
      await editFile(path.join(books, `${slug}/book.yaml`), 'slug: pi', `slug: ${slug}`);
    }
    const asOf = '2026-11-29';
    const serial = buildModel({ rootDir: root, parse: (source, { format }) => parseChapter(source, { format }), today: asOf });
    expect(serial.model?.books.map((book) => book.chapters.length)).toEqual([3, 3, 3, 3]);
    // One worker alone posts these 12 chapters' checks in two messages (eight at a time: `CHECKS_PER_MESSAGE`, whose test in core/test/threads/pool.test.ts keeps it under 12).
    // The workers alone, this thread with one, and one worker alone.
    const threadings = [{ threads: 3, mainThreadTakes: false }, { threads: 2 }, { threads: 1, mainThreadTakes: false }];
    for (const run of runThreaded(root, asOf, threadings)) {
      expect(run.model, JSON.stringify(run.threading)).toEqual(JSON.parse(JSON.stringify(serial.model)));
      expect(run.problems).toEqual(serial.problems);
    }
  });

  it('prints GitHub Actions annotations with --format github, with paths from where it runs', async () => {
    root = await copyDemoBooks();
    const file = path.join(root, 'content/books/pi/27-chapter.claims.yaml');
    await editFile(file, '  - id: one-object-per-line\n    anchor: directive\n', '  - id: one-object-per-line\n    anchor: directive\n    sevrity: high\n');
    const line = lineOf(await readFile(file, 'utf8'), 'sevrity');

    // Run from the folder above the project, as a workflow runs from the repository's root.
    const result = await runCli(['check', path.basename(root), '--format', 'github'], { cwd: path.dirname(root) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      `::error file=${path.basename(root)}/content/books/pi/27-chapter.claims.yaml,line=${line},col=5,title=Research Pack%3A schema/unknown-key::` +
        'claims[0].sevrity: unknown key "sevrity"; allowed keys: id, anchor, verdict, priority, concern, response (hint: remove it, or check its spelling and indentation)',
    );
    expect(lines.slice(1)).toEqual(['1 error(s), 0 warning(s) in content/books', '']);
  });

  it('escapes what a workflow command cannot carry, and leaves whole-file problems without a line', () => {
    const problem = { file: 'books/a,b:c.yaml', line: 0, column: 0, path: '', message: '100% sure\nreally', hint: 'fix it', rule: 'book/unknown-file', severity: 'warning' } as const;
    expect(githubAnnotation(problem)).toBe('::warning file=books/a%2Cb%3Ac.yaml,title=Research Pack%3A book/unknown-file::100%25 sure%0Areally (hint: fix it)');
    // Every other control character too: a file name's ESC does not reach the log's terminal (an outside reviewer's finding).
    expect(githubAnnotation({ ...problem, file: 'books/esc\u001b[2K.md' })).toMatch(/^::warning file=books\/esc%1B\[2K\.md,/);
  });

  it('prints problems as JSON with --format json', async () => {
    root = await copyDemoBooks();
    const file = path.join(root, 'content/books/pi/27-chapter.evidence.yaml');
    await editFile(file, '    source: pi-session-format-doc-1-6-0\n    claims: [one-object-per-line]', '    source: pi-session-format-doc-1-6\n    claims: [one-object-per-line]');
    const line = lineOf(await readFile(file, 'utf8'), 'source: pi-session-format-doc-1-6\n');

    const result = await runCli(['check', root, '--format', 'json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as { errors: number; warnings: number; problems: unknown[] };
    expect(Object.keys(json)).toEqual(['errors', 'warnings', 'problems', 'hints']);
    expect((json as unknown as { hints: unknown }).hints).toEqual([
      { file: 'content/books/pi/27-chapter.claims.yaml', line: 127, column: 5, chapter: 'pi/27-chapter', claim: 'tree-in-place', reason: 'text-changed', rule: 'hint/text-changed' },
    ]);
    expect(json.errors).toBe(1);
    expect(json.warnings).toBe(0);
    expect(json.problems).toEqual([
      {
        file: 'content/books/pi/27-chapter.evidence.yaml',
        line,
        column: 13,
        path: 'evidence[0].source',
        message: 'no source "pi-session-format-doc-1-6" in sources',
        hint: expect.stringContaining('pi-session-format-doc-1-6-0'),
        rule: 'cross/missing-source',
        severity: 'error',
      },
    ]);

    const clean = await runCli(['check', '--format', 'json']);
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toEqual({
      errors: 0,
      warnings: 0,
      problems: [],
      hints: [{ file: 'content/books/pi/27-chapter.claims.yaml', line: 127, column: 5, chapter: 'pi/27-chapter', claim: 'tree-in-place', reason: 'text-changed', rule: 'hint/text-changed' }],
    });
  });

  it('computes dates as of --as-of or SOURCE_DATE_EPOCH, like the site build', async () => {
    // Evidence recorded on 2026-11-29 lies in the future for a build dated 2026-11-01.
    const asOf = await runCli(['check', '--as-of', '2026-11-01']);
    expect(asOf.code).toBe(1);
    expect(asOf.stderr).toMatch(/\[cross\/future-date\]/);
    const epoch = await runCli(['check'], { env: { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 10, 1) / 1000) } });
    expect(epoch.code).toBe(1);
    expect(epoch.stderr).toBe(asOf.stderr);
  });

  it('reports a quote the page could not mark because it cuts raw HTML in two, as the build would fail on it', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'rp-check-raw-html-'));
    const book = path.join(root, 'content/books/t');
    await mkdir(book, { recursive: true });
    await writeFile(path.join(book, 'book.yaml'), 'title: T\nslug: t\n');
    await writeFile(path.join(book, '01-a.md'), '---\ntitle: A\nnumber: 1\n---\n\nA writer uses <b>append mode</b> and never seeks back.\n');
    const claims = 'claims:\n  - id: cut\n    anchor:\n      quote: "mode and never seeks"\n    verdict: {status: unverified}\n  - id: whole\n    anchor:\n      quote: "A writer uses"\n    verdict: {status: unverified}\n';
    await writeFile(path.join(book, '01-a.claims.yaml'), claims);
    const result = await runCli(['check', root, '--as-of', '2026-11-30']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'content/books/t/01-a.claims.yaml:4:14  claims[0].anchor.quote  claim "cut" starts or ends inside raw HTML (content/books/t/01-a.md:6:25): the page cannot mark it without cutting an HTML element in two  (hint: quote text that opens and closes its HTML elements, or mark the claim with :claim[...]{#cut} in the chapter)  [anchor/raw-html]\n1 error(s), 0 warning(s) in content/books\n',
    );
  });

  it('notes no changed prose for a claim whose id another claim shares (an outside author\'s finding): the duplicate id is the problem', async () => {
    root = await copyDemoBooks();
    await editFile(path.join(root, 'content/books/pi/27-chapter.claims.yaml'), '  - id: jsonl-three-rules\n', '  - id: one-object-per-line\n');
    const result = await runCli(['check', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[cross/duplicate-id]');
    expect(result.stderr).not.toContain('claim "one-object-per-line": the prose changed');
    expect(result.stderr).not.toContain('reviewed one-object-per-line one-object-per-line');
  });

  it('prints warnings but exits 0 when there is no error', async () => {
    root = await copyDemoBooks();
    await editFile(path.join(root, 'content/books/pi/28-chapter.mdx'), 'number: 28', 'number: 27');
    const result = await runCli(['check', root]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^content\/books\/pi\/28-chapter\.mdx:\d+:\d+  number  warning: chapter number 27 is also used by 27-chapter\.mdx/);
    expect(result.stderr).toMatch(/\n0 error\(s\), 1 warning\(s\) in content\/books\n/);
  });

  it('--strict fails on a warning and on a claim shown as stale, in every format, and passes once they are settled (an outside CI maintainer\'s finding: a green pull request, stale pages)', async () => {
    root = await copyDemoBooks();
    // The demo's tree-in-place is stale on purpose: its prose changed since its verdict.
    const stale = await runCli(['check', root, '--strict']);
    expect(stale.code).toBe(1);
    expect(stale.stderr.endsWith('--strict: 1 claim shown as stale; exit 1 (without --strict, only errors fail the check)\n')).toBe(true);
    expect((await runCli(['check', root])).code).toBe(0);
    await editFile(path.join(root, 'content/books/pi/28-chapter.mdx'), 'number: 28', 'number: 27');
    const both = await runCli(['check', root, '--strict']);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('--strict: 1 warning and 1 claim shown as stale; exit 1');
    const json = await runCli(['check', root, '--strict', '--format', 'json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ errors: 0, warnings: 1, strict: { failed: true } });
    const github = await runCli(['check', root, '--strict', '--format', 'github']);
    expect(github.code).toBe(1);
    // What fails the job is annotated as an error beside its line, the warning and the stale claim too (an outside author's finding: a blue notice).
    expect(github.stdout).toMatch(/^::error file=[^,]*content\/books\/pi\/28-chapter\.mdx,line=\d+,col=\d+,title=Research Pack%3A cross\/duplicate-chapter-number::/m);
    expect(github.stdout).toMatch(/^::error file=[^,]*content\/books\/pi\/27-chapter\.claims\.yaml,line=\d+,col=\d+,title=Research Pack%3A stale, the prose changed::claim tree-in-place/m);
    expect(github.stdout).not.toMatch(/^::(warning|notice) /m);
    const lenient = await runCli(['check', root, '--format', 'github']);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/^::warning file=[^,]*content\/books\/pi\/28-chapter\.mdx/m);
    expect(lenient.stdout).toMatch(/^::notice file=[^,]*content\/books\/pi\/27-chapter\.claims\.yaml/m);
    expect(github.stdout.trimEnd().split('\n').at(-1)).toBe('::error title=Research Pack%3A --strict::--strict: 1 warning and 1 claim shown as stale; exit 1 (without --strict, only errors fail the check)');
    // Settled: the number put back, the verdict re-confirmed on the current wording.
    await editFile(path.join(root, 'content/books/pi/28-chapter.mdx'), 'number: 27', 'number: 28');
    expect((await runCli(['reviewed', 'tree-in-place', '--by', 'C. Maintainer'], { cwd: root })).code).toBe(0);
    expect(await runCli(['check', root, '--strict'])).toEqual({ code: 0, stdout: 'No problems in content/books.\n', stderr: '' });
    expect(JSON.parse((await runCli(['check', root, '--strict', '--format', 'json'])).stdout)).toMatchObject({ errors: 0, warnings: 0, strict: { failed: false } });
  });

  it('checks the site layout as the build does: a research pattern without [book] is fine until a second book shares a chapter name', async () => {
    root = await copyDemoBooks();
    await writeFile(path.join(root, 'research-pack.config.mjs'), "export default {\n  research: { pack: '/research/[chapter]/' },\n};\n");
    expect(await runCli(['check', root])).toEqual({ code: 0, stdout: 'No problems in content/books.\n', stderr: DEMO_STALE_NOTE });
    await cp(path.join(root, 'content/books/pi'), path.join(root, 'content/books/second'), { recursive: true });
    await editFile(path.join(root, 'content/books/second/book.yaml'), 'slug: pi', 'slug: second');
    const result = await runCli(['check', root]);
    expect(result.code).toBe(1);
    const layout = result.stderr.split('\n').filter((line) => line.includes('[cross/duplicate-research-url]'));
    expect(layout).toHaveLength(3);
    expect(layout[0]).toBe(
      'research-pack.config.mjs:2:21  research.pack  the research packs of content/books/pi/26-chapter.mdx and content/books/second/26-chapter.mdx would share the URL "/research/26-chapter/": the pattern "/research/[chapter]/" has no [book], and both books have a chapter "26-chapter"  (hint: put [book] in the research.pack pattern ("/research/[book]/[chapter]/"), or give one of the chapters another file name; a site of one book may leave [book] out)  [cross/duplicate-research-url]',
    );
  });
});

describe('a contradicted claim whose sentence changed', () => {
  it("is told to take a new verdict, not `reviewed`, which would keep it contradicted on the corrected words (an outside author's finding)", async () => {
    const root = await copyDemoBooks();
    try {
      await editFile(path.join(root, 'content/books/pi/27-chapter.mdx'), ':claim[The session id is a random version 4 UUID.]{#session-id-v4}', ':claim[The session id is a random UUID.]{#session-id-v4}');
      const run = await runCli(['check'], { cwd: root });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).toContain('note: pi/27-chapter claim "session-id-v4": the prose changed since its verdict, so its page shows it as stale');
      expect(run.stdout + run.stderr).toContain(
        '"session-id-v4" was contradicted: if you corrected the sentence, give it a new verdict on the corrected words (`research-pack verdict session-id-v4 supported --rationale "…"`, with the evidence that supports them); `reviewed` would keep it contradicted.',
      );
    } finally {
      await removeProject(root);
    }
  });
});
