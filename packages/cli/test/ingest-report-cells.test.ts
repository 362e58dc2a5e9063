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
    expect(concernOf('timestamps-two-clocks')).toBe('Readers may expect Date<UTC> & one clock or two');
    const evidence = await sidecar('evidence');
    const vec = evidence.sources.find((source: { url?: string }) => source.url === 'https://doc.rust-lang.org/std/vec/struct.Vec.html');
    expect(vec).toMatchObject({ title: 'Rust Vec<T> and TypeScript Promise<void>', limitations: 'Only <kbd>Vec::new</kbd> read' });
    const research = await sidecar('research');
    const pass = research.history.at(-1);
    expect(pass).toMatchObject({ by: 'A. Researcher <team-a>, with a research agent' });
    expect(pass.summary).toMatch(/^The <details> of the chapter still hold/);
  });
});
