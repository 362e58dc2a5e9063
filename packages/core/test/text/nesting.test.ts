/**
 * Nesting bounded in chapters and research reports (an outside reviewer's
 * finding: a line of 50,000 `>` crashed `check` and `fingerprint` with
 * "Maximum call stack size exceeded", and an ingest took gigabytes).
 */
import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/build.js';
import type { ParseChapter } from '../../src/model/build.js';
import { formatProblems } from '../../src/problems/format.js';
import { parseResearchReport } from '../../src/research-report/read.js';
import { MAX_MARKDOWN_DEPTH, UNPARSED_DEPTH, deepMarkdownProblem, deepNodePlace, deepSourcePlace } from '../../src/text/nesting.js';
import { withChanges, writeProject } from '../fixture-book.js';
import { report } from '../research-report/read/sample-report.js';

const features = { directive: true, smartPunctuation: false, gfm: true, frontmatter: true };
/** Sätteri as the model reads chapters, counting its calls. */
let parses = 0;
const parse: ParseChapter = (source, { format }) => {
  parses++;
  return (format === 'mdx' ? mdxToMdast : markdownToMdast)(source, { features, position: true }) as Root;
};
const reportParse = (source: string) => markdownToMdast(source, { features: { gfm: true, frontmatter: true, directive: false, smartPunctuation: false }, position: true }) as Root;

const chapter = 'content/books/demo/01-sessions.mdx';
const HINT = 'a chapter nests a few levels at most (blockquotes, lists, emphasis, links, directives and tags inside one another): look for a line that opens with a long run of ">" or list markers, or "[", "(", "{" and tags left open; a line meant as code goes in a fenced code block';

/** The problems of the example book with a line appended to its chapter (as its line 12). */
function checkWith(line: string): string {
  const files = withChanges({});
  files[chapter] = `${files[chapter]!}\n${line}\n`;
  const { problems } = buildModel({ rootDir: writeProject(files), parse, today: '2025-06-01' });
  return formatProblems(problems.filter((problem) => problem.file === chapter));
}

describe('deepSourcePlace', () => {
  it('lets the text be parsed unless a line nests past UNPARSED_DEPTH, then names the first level past the limit', () => {
    expect(deepSourcePlace('# Title\n\n> > quoted\n\n- a\n  - b\n')).toBeUndefined();
    expect(deepSourcePlace(`x\n${'>'.repeat(UNPARSED_DEPTH)} deep\n`)).toBeUndefined();
    expect(deepSourcePlace(`x\n\n${'>'.repeat(UNPARSED_DEPTH + 1)} deep\n`)).toEqual({ line: 3, column: MAX_MARKDOWN_DEPTH + 1 });
    // Spaces between the markers, CRLF line ends; a list item is two levels (the list and its item).
    expect(deepSourcePlace(`x\r\n${'> '.repeat(50_000)}deep\r\n`)).toEqual({ line: 2, column: 2 * MAX_MARKDOWN_DEPTH + 1 });
    expect(deepSourcePlace(`${'- '.repeat(UNPARSED_DEPTH)}x\n`)).toEqual({ line: 1, column: MAX_MARKDOWN_DEPTH + 1 });
    expect(deepSourcePlace(`${'1. '.repeat(UNPARSED_DEPTH)}x\n`)).toEqual({ line: 1, column: (MAX_MARKDOWN_DEPTH / 2) * 3 + 1 });
    // A thematic break is no list.
    expect(deepSourcePlace(`${'- '.repeat(5000)}\n${'* '.repeat(5000)}\n`)).toBeUndefined();
    // Directives inside directives: Sätteri itself crashes on 15,000 of them. A blank line closes every bracket.
    expect(deepSourcePlace(`${':claim['.repeat(20_000)}x${']'.repeat(20_000)}\n`)).toEqual({ line: 1, column: 7 * (MAX_MARKDOWN_DEPTH + 1) });
    expect(deepSourcePlace(`${'[a '.repeat(UNPARSED_DEPTH)}\n\n${'[a '.repeat(UNPARSED_DEPTH)}\n`)).toBeUndefined();
    expect(deepSourcePlace(`${'[a]'.repeat(50_000)}\n`)).toBeUndefined();
    // An MDX expression's parentheses and nested tags: the MDX parser crashed (a segmentation fault) on 4,000 parentheses,
    // and took a minute on 50,000 nested tags (an outside reviewer's findings).
    expect(deepSourcePlace(`x\n{${'('.repeat(4000)}1${')'.repeat(4000)}}\n`)).toEqual({ line: 2, column: MAX_MARKDOWN_DEPTH + 1 });
    expect(deepSourcePlace(`${'<div>'.repeat(50_000)}\n`)).toEqual({ line: 1, column: 5 * MAX_MARKDOWN_DEPTH + 1 });
    // What closes, or is no nesting, does not add up: calls and generics in a fenced block, self-closing and closed tags and
    // a few hundred generics in one paragraph of prose.
    const code = `\`\`\`ts\n${'const x = f<T>(g(h(1)), [2, {a: 3}]); // (\n'.repeat(2000)}\`\`\`\n${'<br/> <b>x</b> List<T> '.repeat(500)}\n`;
    expect(deepSourcePlace(code)).toBeUndefined();
  });

  it('reads 50,000 levels in milliseconds', () => {
    const start = performance.now();
    expect(deepSourcePlace(`${'>'.repeat(1_000_000)}\n`)).toBeDefined();
    expect(deepSourcePlace(`${'text, '.repeat(200_000)}\n`)).toBeUndefined();
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('deepNodePlace', () => {
  it('finds the first node past the limit, in document order, without recursion', () => {
    const tree = (depth: number, line: number): Root => {
      const root: Root = { type: 'root', children: [] };
      let parent: { children: unknown[] } = root;
      for (let level = 1; level <= depth; level++) {
        const node = { type: 'blockquote', children: [], position: { start: { line, column: level, offset: 0 }, end: { line, column: level, offset: 0 } } };
        parent.children.push(node);
        parent = node;
      }
      return root;
    };
    expect(deepNodePlace(tree(MAX_MARKDOWN_DEPTH, 1))).toBeUndefined();
    expect(deepNodePlace(tree(MAX_MARKDOWN_DEPTH + 1, 1))).toEqual({ line: 1, column: MAX_MARKDOWN_DEPTH + 1 });
    const both: Root = { type: 'root', children: [...tree(200_000, 7).children, ...tree(100, 3).children] };
    expect(deepNodePlace(both)).toEqual({ line: 7, column: MAX_MARKDOWN_DEPTH + 1 });
  });

  it('measures what the parser made of a line of `>`, emphasis, tags and indented lists', () => {
    const depth = (source: string, format: 'md' | 'mdx' = 'md') => deepNodePlace(parse(source, { file: 'x', format }));
    expect(depth('# T\n\n> > > a *b* [c](d)\n')).toBeUndefined();
    expect(depth(`${'>'.repeat(100)} deep\n`)).toEqual({ line: 1, column: MAX_MARKDOWN_DEPTH + 1 });
    expect(depth(`${'*a '.repeat(500)}x${'*'.repeat(500)}\n`)).toBeDefined();
    expect(depth(`${'<a>'.repeat(500)}x${'</a>'.repeat(500)}\n`, 'mdx')).toBeDefined();
    expect(depth(Array.from({ length: 500 }, (_, level) => `${' '.repeat(2 * level)}- x`).join('\n'))).toEqual({ line: 32, column: 65 });
  });
});

describe('a chapter nested too deep', () => {
  it('is refused at its place by the model, before it is parsed when it is too deep to parse, and never throws', () => {
    parses = 0;
    expect(checkWith('>'.repeat(50_000) + ' deep')).toBe(`${chapter}:12:65  blocks and elements are nested more than 64 levels deep here, so the chapter is not read  (hint: ${HINT})  [chapter/too-deep]`);
    // The other chapters of the book are parsed; this one is not.
    const others = parses;
    parses = 0;
    expect(checkWith('>'.repeat(100) + ' deep')).toBe(`${chapter}:12:65  blocks and elements are nested more than 64 levels deep here, so the chapter is not read  (hint: ${HINT})  [chapter/too-deep]`);
    expect(parses).toBe(others + 1);
    expect(checkWith(`${':claim['.repeat(20_000)}x${']'.repeat(20_000)}`)).toContain(`${chapter}:12:455  blocks and elements are nested more than 64 levels deep here`);
    expect(checkWith(`${'<a>'.repeat(3000)}x${'</a>'.repeat(3000)}`)).toContain(`${chapter}:12:193  blocks and elements are nested more than 64 levels deep here`);
    // A chapter that nests as real chapters do is read as before.
    expect(checkWith('> - quoted *list* with **[a link](https://example.org)**\n>   - nested\n>     > deeper')).toBe('');
  });

  it('is a problem of the file even when a walker runs out of stack on a tree the checks let through', () => {
    const files = withChanges({});
    files[chapter] = `${files[chapter]!}\nplain\n`;
    const overflowing: ParseChapter = () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    const { problems } = buildModel({ rootDir: writeProject(files), parse: overflowing, today: '2025-06-01' });
    expect(formatProblems(problems.filter((problem) => problem.file === chapter))).toBe(
      `${chapter}  the chapter nests too deeply to be read: the reader ran out of stack  (hint: ${HINT})  [chapter/too-deep]`,
    );
  });
});

describe('a research report nested too deep', () => {
  it('is refused at its place, before it is parsed, and its readers never run', () => {
    const deep = report({ 4: `Findings.\n\n${'>'.repeat(50_000)} deep` });
    let parsed = 0;
    const counted = (source: string) => {
      parsed++;
      return reportParse(source);
    };
    const result = parseResearchReport(deep, { file: 'report.md', parse: counted });
    expect(parsed).toBe(0);
    expect(result.report.sections).toEqual([]);
    const line = deep.split('\n').findIndex((text) => text.startsWith('>>>')) + 1;
    expect(formatProblems(result.problems)).toBe(
      `report.md:${line}:65  blocks and elements are nested more than 64 levels deep here, so the report is not read  (hint: ${HINT.replace('a chapter', 'a report')})  [report/too-deep]`,
    );
    // Past the limit but cheap to parse: refused from its tree, at the same place.
    const shallower = parseResearchReport(report({ 4: `Findings.\n\n${'>'.repeat(200)} deep` }), { file: 'report.md', parse: reportParse });
    expect(shallower.problems.map((problem) => `${problem.line}:${problem.column} ${problem.rule}`)).toEqual([`${line}:65 report/too-deep`]);
    // 20,000 levels: no more than a few megabytes (the reviewer measured 2.6 GB).
    const before = process.memoryUsage().rss;
    parseResearchReport(report({ 4: `${'>'.repeat(20_000)} deep` }), { file: 'report.md', parse: reportParse });
    expect(process.memoryUsage().rss - before).toBeLessThan(100_000_000);
  });

  it('words the problem for a report and for a file alone', () => {
    expect(deepMarkdownProblem('report/too-deep', 'r.md')).toMatchObject({ file: 'r.md', line: 0, column: 0, rule: 'report/too-deep', severity: 'error', message: 'the report nests too deeply to be read: the reader ran out of stack' });
  });
});
