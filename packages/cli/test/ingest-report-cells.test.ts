/**
 * What a report's cells say lands in the sidecars as the researcher wrote
 * it, through `research-pack ingest --write` (the real binary): HTML-like
 * text such as `Vec<T>` and `<summary>`, entities, emphasis and code in
 * every section (issue 16, defect 4); and the report cells that cannot be
 * read are positioned errors, as in the sidecars (defect 12).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copyDemoBooks, lineOf, removeProject, repoRoot, runCli, type RunResult } from './helpers.js';

const book = 'content/books/pi';
/** The fingerprint `complete.md` says it read. */
const WRITTEN_AGAINST = 'aa99293e25f545ec9c00cef02c88db23707a85df948f89cc0f9d396c73689700';

let root: string;
beforeEach(async () => {
  root = await copyDemoBooks();
});
afterEach(async () => {
  await removeProject(root);
});

/** The complete fixture report, against the current chapter, with its text replaced piece by piece. */
async function putReport(replacements: Array<[string, string]>): Promise<{ file: string; text: string }> {
  const fingerprint = (await runCli(['fingerprint', `${book}/27-chapter.mdx`], { cwd: root })).stdout.trim();
  let text = (await readFile(path.join(repoRoot, 'packages/cli/test/fixtures/reports/complete.md'), 'utf8')).replaceAll(WRITTEN_AGAINST, fingerprint);
  for (const [search, replacement] of replacements) {
    if (!text.includes(search)) throw new Error(`complete.md does not contain ${JSON.stringify(search)}`);
    text = text.replace(search, replacement);
  }
  await mkdir(path.join(root, 'incoming'), { recursive: true });
  await writeFile(path.join(root, 'incoming/cells.md'), text);
  return { file: 'incoming/cells.md', text };
}

function ingest(file: string, ...args: string[]): Promise<RunResult> {
  return runCli(['ingest', file, '--chapter', 'pi/27-chapter', '--as-of', '2026-11-30', ...args], { cwd: root });
}

async function sidecar(kind: 'claims' | 'evidence' | 'research'): Promise<any> {
  return parse(await readFile(path.join(root, book, `27-chapter.${kind}.yaml`), 'utf8'));
}

const LEDGER_ROW = '| Node.js documentation: readline |';

describe('research-pack ingest: HTML-like text in a report', () => {
  it('keeps tags, entities, emphasis and code of every section as the text the researcher wrote', async () => {
    const { file } = await putReport([
      ['- **By:** A. Researcher, with a research agent', '- **By:** A. Researcher <team-a>, with a research agent'],
      ['- **Summary:** The chapter still holds', '- **Summary:** The <details> of the chapter still hold'],
      ['| The link text promises more than the section shows |', '| The <summary> entry may be missing |'],
      ['| Readers may expect one clock |', '| Readers may expect `Date<UTC>` &amp; *one* clock <br> or two |'],
      [
        LEDGER_ROW,
        '| Rust Vec<T> and TypeScript Promise<void> | Rust std docs &lt;1.80&gt; | https://doc.rust-lang.org/std/vec/struct.Vec.html | full text | `one-object-per-line` | Only <kbd>Vec::new</kbd> read | 2026-11-30 / 2026-11-30 |\n' +
          LEDGER_ROW,
      ],
    ]);
    const result = await ingest(file, '--write');
    expect(result.stderr).not.toContain('error');
    expect(result.code).toBe(0);
    const claims = await sidecar('claims');
    const concernOf = (id: string) => claims.claims.find((claim: { id: string }) => claim.id === id).concern;
    expect(concernOf('header-metadata-only')).toBe('The <summary> entry may be missing');
    // Code stays code, in its backticks (an outside author's finding: they were dropped).
    expect(concernOf('timestamps-two-clocks')).toBe('Readers may expect `Date<UTC>` & one clock or two');
    const evidence = await sidecar('evidence');
    const vec = evidence.sources.find((source: { url?: string }) => source.url === 'https://doc.rust-lang.org/std/vec/struct.Vec.html');
    expect(vec).toMatchObject({ title: 'Rust Vec<T> and TypeScript Promise<void>', limitations: 'Only <kbd>Vec::new</kbd> read' });
    const research = await sidecar('research');
    const pass = research.history.at(-1);
    expect(pass).toMatchObject({ by: 'A. Researcher <team-a>, with a research agent' });
    expect(pass.summary).toMatch(/^The <details> of the chapter still hold/);
  });
});

/** `file:line:column` of the first occurrence of a text in the report. */
function placeOf(text: string, search: string): string {
  const line = lineOf(text, search);
  return `incoming/cells.md:${line}:${text.split('\n')[line - 1]!.indexOf(search) + 1}`;
}

const URL_HINT = '(hint: only http:// and https:// URLs are linked; remove this one, or write the https:// address of the document)  [report/invalid-url]';

describe('research-pack ingest: report cells that cannot be read', () => {
  it('refuses a non-http(s) link in the source cell as it does in the URL cell, each with its place and field', async () => {
    const { file, text } = await putReport([
      ['| JSON Lines | jsonlines.org', '| [JSON Lines](javascript:alert(1)) | jsonlines.org'],
      ['| https://nodejs.org/api/readline.html |', '| javascript:alert(2) |'],
      ['| JavaScript Object Notation (JSON) Text Sequences |', '| [JSON Text Sequences](data:text/html,x) and <vbscript:msgbox(1)> |'],
      ['| https://docs.rs/txcript/0.9.0/txcript/harness/pi/index.html |', '| https://user:pass@docs.rs/txcript/ |'],
    ]);
    const before = await readFile(path.join(root, book, '27-chapter.evidence.yaml'), 'utf8');
    const result = await ingest(file, '--write');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const errors = result.stderr.split('\n').filter((line) => line.includes('[report/invalid-url]'));
    expect(errors).toEqual([
      `${placeOf(text, '[JSON Lines](javascript:alert(1))')}  source-ledger[1].source  the source cell gives "javascript:alert(1)", which is not an absolute http:// or https:// URL; nothing is ingested while it is there  ${URL_HINT}`,
      `${placeOf(text, 'https://user:pass@docs.rs/txcript/')}  source-ledger[2].url  the URL cell gives "https://user:pass@docs.rs/txcript/", which is not an absolute http:// or https:// URL; nothing is ingested while it is there  (hint: a link must not carry a user name or password; write the address without them, e.g. https://docs.example/page)  [report/invalid-url]`,
      `${placeOf(text, '[JSON Text Sequences](data:text/html,x)')}  source-ledger[3].source  the source cell gives "data:text/html,x", which is not an absolute http:// or https:// URL; nothing is ingested while it is there  ${URL_HINT}`,
      `${placeOf(text, '[JSON Text Sequences](data:text/html,x)')}  source-ledger[3].source  the source cell gives "vbscript:msgbox(1)", which is not an absolute http:// or https:// URL; nothing is ingested while it is there  ${URL_HINT}`,
      `${placeOf(text, 'javascript:alert(2)')}  source-ledger[4].url  the URL cell gives "javascript:alert(2)", which is not an absolute http:// or https:// URL; nothing is ingested while it is there  ${URL_HINT}`,
    ]);
    expect(await readFile(path.join(root, book, '27-chapter.evidence.yaml'), 'utf8')).toBe(before);
  });

  it('says "no such day" of 2026-02-30 in every date a report gives, as the sidecars do', async () => {
    const { file, text } = await putReport([
      ['- **Date of the pass:** 2026-11-30.', '- **Date of the pass:** 2026-02-30.\n- **Prepared** 2026-11-30 by A. Researcher.'],
      ['| 2026-11-30 / 2026-11-30 |\n| JSON Lines', '| 2026-02-30 / 2026-11-30 |\n| JSON Lines'],
      ['| — / 2026-11-30 |', '| verified 2026-11-30, accessed 2026-04-31 |'],
      ['## 3. Source ledger\n', '## 3. Source ledger\n\nAll sources were accessed on 2025-02-29.\n'],
    ]);
    const result = await ingest(file);
    const days = result.stderr.split('\n').filter((line) => line.includes('no such day'));
    expect(days).toEqual([
      `${placeOf(text, '2026-02-30.')}  context.date  warning: the date of the pass "2026-02-30" is no such day (not a real calendar date); it is left out  (hint: February 2026 has 28 days; check the day and the month)  [report/invalid-value]`,
      `${placeOf(text, '2025-02-29')}  source-ledger  warning: the date "2025-02-29" is no such day (not a real calendar date); it is left out  (hint: February 2025 has 28 days; check the day and the month)  [report/invalid-value]`,
      `${placeOf(text, '2026-02-30 / 2026-11-30')}  source-ledger[0].verified  warning: the verified date "2026-02-30" is no such day (not a real calendar date); it is left out  (hint: February 2026 has 28 days; check the day and the month)  [report/invalid-value]`,
      `${placeOf(text, 'verified 2026-11-30, accessed 2026-04-31')}  source-ledger[4].accessed  warning: the accessed date "2026-04-31" is no such day (not a real calendar date); it is left out  (hint: April 2026 has 30 days; check the day and the month)  [report/invalid-value]`,
    ]);
    expect(result.stderr).not.toContain('not written as YYYY-MM-DD');
    expect(result.stderr).not.toContain('holds no real date');
  });
});
