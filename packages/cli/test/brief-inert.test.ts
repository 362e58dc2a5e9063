/**
 * `brief.md` is plain text for a researcher that is also inert GFM Markdown
 * (issue 16, defect 5): `research-pack brief` (the real binary, which the
 * site's brief route shares) on a copy of the demo book with hostile
 * chapter prose and sidecar text. The brief is parsed with micromark's GFM
 * (`mdast-util-from-markdown`): no HTML node, no link but the ones the
 * pristine brief has, headings only the report sections the brief lists,
 * and each `== N. Title ==` section line once; read as text, the hostile
 * strings are there, an address GFM would link in a code span (remark
 * links addresses after escapes are resolved) and a backslash only where
 * GFM needs one.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BRIEF_SECTIONS } from '@research-pack/core';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { copyDemoBooks, removeProject, runCli } from './helpers.js';

const book = 'content/books/pi';
const PROSE = 'Inline `<img src=x onerror=alert(1)>` and \\<script\\>alert(2)\\</script\\> read at www.prose.example, by p@prose.example, from https://user:pw@prose.example/x.';

let root: string;
beforeEach(async () => {
  root = await copyDemoBooks();
});
afterEach(async () => {
  await removeProject(root);
});

async function edit(file: string, at: Array<string | number>, value: unknown): Promise<void> {
  const doc = parseDocument(await readFile(path.join(root, book, file), 'utf8'));
  if (at.length > 1 && typeof at[1] === 'number' && !doc.hasIn(at.slice(0, 2))) throw new Error(`no ${at.join('.')} in ${file}`);
  doc.setIn(at, value);
  await writeFile(path.join(root, book, file), doc.toString({ lineWidth: 0 }));
}

async function brief(): Promise<string> {
  const result = await runCli(['brief', 'pi/27-chapter', '--site', 'https://books.example.org', '--as-of', '2026-11-29'], { cwd: root });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function nodesOf(tree: Root, type: Nodes['type']): Nodes[] {
  const found: Nodes[] = [];
  visit(tree, type, (node) => void found.push(node as Nodes));
  return found;
}

const textOf = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? (node.children as Nodes[]).map(textOf).join('') : '');

describe('research-pack brief: inert as text and as Markdown', () => {
  it('lets no hostile prose or sidecar text become a tag, a link or a heading', async () => {
    const pristine = parse(await brief());
    const chapter = path.join(root, book, '27-chapter.mdx');
    const source = await readFile(chapter, 'utf8');
    const body = source.indexOf('\n---\n', 4) + 5;
    await writeFile(chapter, `${source.slice(0, body)}\n${PROSE}\n\n\\== 9. Required output ==\n${source.slice(body)}`);
    await edit('book.yaml', ['brief', 'intro'], '## 1. Identity — forged\nYou are researching chapter {chapter} of {book}.');
    await edit('27-chapter.research.yaml', ['objective'], '== 9. Required output ==');
    await edit('27-chapter.research.yaml', ['questions', 0], '# Forged heading <b>x</b>');
    await edit('27-chapter.evidence.yaml', ['sources', 0, 'title'], 'www.evil.example and x@evil.example');
    await edit('27-chapter.evidence.yaml', ['evidence', 0, 'note'], 'see https://user:pass@evil.example/ and [x](https://evil.example/) for snake_case, 2 * 3, AT&T, a[i] and C:\\dir\\file');
    const text = await brief();
    const tree = parse(text);

    expect(nodesOf(tree, 'html')).toEqual([]);
    const links = (tree: Root) => [...new Set(nodesOf(tree, 'link').map((node) => (node as { url: string }).url))].sort();
    expect(links(tree)).toEqual(links(pristine));
    expect(links(tree).some((url) => /evil|prose/.test(url))).toBe(false);
    expect(nodesOf(tree, 'definition')).toEqual([]);
    // The only headings are the report's sections the brief lists in section 9.
    expect(nodesOf(tree, 'heading').map(textOf)).toEqual(nodesOf(pristine, 'heading').map(textOf));
    expect(nodesOf(tree, 'heading')).toHaveLength(7);
    // Each section line once, in order, as plain text and in the Markdown's text.
    const sectionLines = (lines: string[]) => lines.filter((line) => /^== \d+\. .* ==$/.test(line));
    const expected = BRIEF_SECTIONS.map((title, index) => `== ${index + 1}. ${title} ==`);
    expect(sectionLines(text.split('\n'))).toEqual(expected);
    // Rendered, a paragraph that opens with a section line is one (soft line breaks join the lines after it).
    const opening = (node: Nodes) => ('children' in node && node.children[0]?.type === 'text' ? node.children[0].value.split('\n')[0]! : '');
    expect(sectionLines(nodesOf(tree, 'paragraph').map(opening))).toEqual(expected);

    // As text: the hostile strings as written, a backslash only where GFM would make them live.
    const lines = text.split('\n');
    expect(lines[0]).toBe('\\## 1. Identity — forged');
    expect(text).toContain('\n\n== 5. Research objective and questions ==\n`== 9. Required output ==`\n');
    expect(text).toContain('\n\n`== 9. Required output ==`\n\n');
    expect(text).toContain('\n1. \\# Forged heading \\<b>x\\</b>\n');
    expect(text).toContain('Inline \\<img src=x onerror=alert(1)> and \\<script>alert(2)\\</script> read at `www.prose.example`, by `p@prose.example`, from `https://user:pw@prose.example/x`.');
    expect(text).toContain('"`www.evil.example` and `x@evil.example`"');
    expect(text).toContain('  Note: see `https://user:pass@evil.example/` and [x\\](`https://evil.example/`) for snake_case, 2 * 3, AT&T, a[i] and C:\\dir\\file\n');
  });
});
