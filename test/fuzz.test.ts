/**
 * Property-based fuzzing with fast-check. Valid sidecars and chapters are
 * mutated at random (characters inserted, deleted and replaced, keys added,
 * values given other types, nesting deepened), and the only outcomes allowed
 * are a valid result or positioned problems: never an exception.
 *
 * The seed is fixed so that `npm test` is repeatable; `FUZZ_SEED=<n>` runs
 * another one and `FUZZ_RUNS=<factor>` runs more (a failure prints its seed
 * and path for `fc.assert`'s `seed` and `path` options).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  anchorClaims,
  buildModel,
  ClaimsFileSchema,
  extractChapterText,
  formatProblems,
  loadFrontmatter,
  loadSidecar,
  SELECTOR_CONTEXT,
  type Claim,
  type Problem,
  type SidecarKind,
} from '@research-pack/core';
import { claimAnnotations } from '@research-pack/core';
import { parseChapter, planClaimEdits, remarkClaims, satteriClaims } from '@research-pack/markdown';
import type { Root } from 'mdast';
import fc from 'fast-check';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { markdownToHtml, markdownToMdast } from 'satteri';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261129;
const factor = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 1;
const runs = (count: number) => Math.max(1, Math.round(count * factor));

const demo = path.join(import.meta.dirname, '..', 'content', 'books', 'pi');
const invalidBase = path.join(import.meta.dirname, 'fixtures', 'invalid', 'valid-base', 'content', 'books', 'demo');

/** Valid files to start from: the demo book's and the corpus's base book. */
const seeds: Array<{ kind: SidecarKind; text: string }> = [
  { kind: 'book', text: readFileSync(path.join(demo, 'book.yaml'), 'utf8') },
  { kind: 'claims', text: readFileSync(path.join(demo, '27-chapter.claims.yaml'), 'utf8') },
  { kind: 'evidence', text: readFileSync(path.join(demo, '27-chapter.evidence.yaml'), 'utf8') },
  { kind: 'research', text: readFileSync(path.join(demo, '27-chapter.research.yaml'), 'utf8') },
  { kind: 'book', text: readFileSync(path.join(invalidBase, 'book.yaml'), 'utf8') },
  { kind: 'claims', text: readFileSync(path.join(invalidBase, '01-sessions.claims.yaml'), 'utf8') },
  { kind: 'evidence', text: readFileSync(path.join(invalidBase, '01-sessions.evidence.yaml'), 'utf8') },
  { kind: 'research', text: readFileSync(path.join(invalidBase, '01-sessions.research.yaml'), 'utf8') },
];

/** Characters that mean something to YAML, Markdown or the terminal, and some that merely look like others. */
const special = [
  ...':-[]{}#&*!|>\'"%@`,?\\/~=+()<>_$^.;',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u00a0',
  '\ufeff',
  '\u200b',
  '\u202e',
  '\u2028',
  '\u0000',
  '\u0085',
  '\u0430',
  'é',
  'e\u0301',
  '😀',
  '\ud800',
  '---',
  '...',
  '- ',
  ': ',
  '? ',
  '!!binary ',
  '&a ',
  '*a',
  '<<: ',
  '__proto__: ',
  '"',
  "'",
  '|\n',
  '>-\n',
  '~',
  'null',
  'true',
  '0x1F',
  '1e999',
  '.nan',
  '2026-02-30',
  '2999-01-01',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
];
const fragment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...special) },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);

/** A random YAML value of any type, sometimes deeply nested. */
const yamlValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '~', 'null', 'true', 'false', '0', '-1', '3.5', '1e400', '"27"', "''", '[]', '{}', '"\\u0000"', 'yes', '2026-01-01', '2026-13-01'),
  fc.string({ maxLength: 20 }).map((text) => JSON.stringify(text)),
  fc.integer({ min: 1, max: 300 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1, max: 120 }).map((depth) => `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }).map((items) => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`),
  fc.string({ minLength: 500, maxLength: 3000 }).map((text) => JSON.stringify(text)),
);

/** One edit of a text. */
type Edit = (text: string) => string;

const at = (text: string, where: number) => Math.floor(where * (text.length + 1));
const lineStarts = (text: string) => [0, ...[...text.matchAll(/\n/g)].map((match) => match.index + 1)];

const edit: fc.Arbitrary<Edit> = fc.oneof(
  // Insert characters.
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fragment).map(([where, value]): Edit => (text) => {
    const index = at(text, where);
    return text.slice(0, index) + value + text.slice(index);
  }),
  // Delete a stretch.
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 40 })).map(([where, length]): Edit => (text) => {
    const index = at(text, where);
    return text.slice(0, index) + text.slice(index + length);
  }),
  // Replace a stretch.
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 12 }), fragment).map(([where, length, value]): Edit => (text) => {
    const index = at(text, where);
    return text.slice(0, index) + value + text.slice(index + length);
  }),
  // Add a key line, known or not, at some indentation.
  fc.tuple(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 0, max: 10 }),
    fc.oneof(fc.constantFrom('id', 'claims', 'anchor', 'verdict', 'status', 'quote', 'url', 'date', 'runs', 'history', 'sources', 'evidence', 'title', '__proto__', 'constructor', '<<'), fc.string({ maxLength: 10 })),
    yamlValue,
  ).map(([where, indent, key, value]): Edit => (text) => {
    const starts = lineStarts(text);
    const index = starts[Math.floor(where * starts.length)] ?? 0;
    return `${text.slice(0, index)}${' '.repeat(indent)}${key}: ${value}\n${text.slice(index)}`;
  }),
  // Give an existing value another type.
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), yamlValue).map(([where, value]): Edit => (text) => {
    const lines = text.split('\n');
    const index = Math.floor(where * lines.length);
    lines[index] = (lines[index] ?? '').replace(/^(\s*-?\s*[\w-]+:)\s.*$/, `$1 ${value}`);
    return lines.join('\n');
  }),
  // Swap two lines (indentation and order errors).
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })).map(([a, b]): Edit => (text) => {
    const lines = text.split('\n');
    const i = Math.floor(a * lines.length);
    const j = Math.floor(b * lines.length);
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    return lines.join('\n');
  }),
);

const mutated = fc
  .tuple(fc.integer({ min: 0, max: seeds.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 6 }))
  .map(([index, edits]) => ({ kind: seeds[index]!.kind, text: edits.reduce((text, apply) => apply(text), seeds[index]!.text) }));

/** A problem must say where, what and which rule; a position must lie inside the text. */
function checkProblem(problem: Problem, file: string, text: string | undefined): void {
  expect(problem.file).toBe(file);
  expect(Number.isInteger(problem.line) && problem.line >= 0, `line ${problem.line}`).toBe(true);
  expect(Number.isInteger(problem.column) && problem.column >= 0, `column ${problem.column}`).toBe(true);
  expect(problem.message).toMatch(/\S/);
  expect(problem.rule).toMatch(/^[a-z]+\/[a-z-]+$/);
  expect(['error', 'warning']).toContain(problem.severity);
  if (problem.line > 0 && text !== undefined) {
    const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
    expect(problem.line, `line ${problem.line} of ${lines.length}`).toBeLessThanOrEqual(lines.length);
    expect(problem.column).toBeGreaterThanOrEqual(1);
    expect(problem.column, `column ${problem.column} of line ${problem.line}`).toBeLessThanOrEqual(lines[problem.line - 1]!.length + 1);
  }
}

/** The formatted list has one line per problem, whatever the values contain. */
function checkFormatted(problems: Problem[]): void {
  const text = formatProblems(problems);
  expect(text === '' ? 0 : text.split('\n').length).toBe(problems.length);
  const broken = text.split('\n').filter((line) => /[\r\u2028\u2029\u0085]/.test(line));
  expect(broken.map((line) => JSON.stringify(line)), 'a problem line holds a line break').toEqual([]);
}

describe('fuzzing sidecar loading and validation', () => {
  it('a mutated sidecar gives data or positioned problems, never an exception', () => {
    fc.assert(
      fc.property(mutated, ({ kind, text }) => {
        const file = `content/books/pi/27-chapter.${kind}.yaml`;
        const result = loadSidecar(kind, text, file);
        if (result.problems.length === 0) expect(result.data).toBeDefined();
        else expect(result.data).toBeUndefined();
        for (const problem of result.problems) checkProblem(problem, file, text);
        checkFormatted(result.problems);
        // Any path can be located, even in a broken file.
        const where = result.locate(['claims', 0, 'verdict', 'status']);
        expect(where.line).toBeGreaterThanOrEqual(1);
      }),
      { seed, numRuns: runs(1500) },
    );
  });

  it('mutated frontmatter gives data or positioned problems', () => {
    const chapter = readFileSync(path.join(demo, '27-chapter.mdx'), 'utf8');
    const frontmatter = /^---\n[\s\S]*?\n---\n/.exec(chapter)![0];
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        const text = edits.reduce((value, apply) => apply(value), frontmatter) + '\nSome prose.\n';
        const result = loadFrontmatter(text, 'content/books/pi/27-chapter.mdx');
        if (result.problems.length === 0) expect(result.data).toBeDefined();
        for (const problem of result.problems) checkProblem(problem, 'content/books/pi/27-chapter.mdx', text);
        checkFormatted(result.problems);
      }),
      { seed, numRuns: runs(600) },
    );
  });

  describe('whole books', () => {
    const roots: string[] = [];
    afterAll(() => {
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    });

    it('a book with a mutated sidecar or chapter builds a model or reports positioned problems', () => {
      const base = path.join(import.meta.dirname, 'fixtures', 'invalid', 'valid-base');
      const files = ['book.yaml', '01-sessions.mdx', '01-sessions.claims.yaml', '01-sessions.evidence.yaml', '01-sessions.research.yaml'];
      const original = Object.fromEntries(files.map((file) => [file, readFileSync(path.join(base, 'content/books/demo', file), 'utf8')]));
      const root = mkdtempSync(path.join(tmpdir(), 'research-pack-fuzz-'));
      roots.push(root);
      const book = path.join(root, 'content/books/demo');
      mkdirSync(path.join(book, 'reports'), { recursive: true });
      writeFileSync(path.join(book, 'reports/01-sessions-1.md'), '# Pass 1\n');
      fc.assert(
        fc.property(fc.constantFrom(...files), fc.array(edit, { minLength: 1, maxLength: 4 }), (target, edits) => {
          const texts = { ...original, [target]: edits.reduce((value, apply) => apply(value), original[target]!) };
          for (const [file, text] of Object.entries(texts)) writeFileSync(path.join(book, file), text);
          const { model, problems } = buildModel({ rootDir: root, parse: (source, { format }) => parseChapter(source, { format }), today: '2026-06-01' });
          for (const problem of problems) checkProblem(problem, problem.file, texts[path.posix.basename(problem.file)]);
          checkFormatted(problems);
          const blocking = problems.some((problem) => problem.severity === 'error' && !problem.rule.startsWith('cross/'));
          if (blocking) expect(model).toBeUndefined();
          else {
            // A model is whole: the chapter is in it with every claim of its sidecar.
            expect(model).toBeDefined();
            const chapter = model!.books[0]!.chapters[0]!;
            expect(chapter.claims.length).toBe(ClaimsFileSchema.parse(loadSidecar('claims', texts['01-sessions.claims.yaml']!, 'x').data ?? {}).claims.length);
          }
        }),
        { seed, numRuns: runs(400) },
      );
    });
  });
});

describe('fuzzing anchoring', () => {
  const words = ['session', 'file', 'entry', 'tree', 'header', 'line', 'JSON', 'id', 'parentId', 'version', 'the', 'a', 'is', 'of', 'caf\u00e9', 'na\u00efve', '\u201cquoted\u201d', "it's", 'x\u00a0y', '10:30', '--', '...', '\u2014', 'e\u0301'];
  const sentence = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(' '));
  /** A Markdown block around a sentence: emphasis, links, code, headings, lists, quotes, tables, directives. */
  const block = fc.tuple(sentence, fc.integer({ min: 0, max: 11 }), fc.constantFrom('one', 'two', 'three', 'nope', '')).map(([text, shape, id]) => {
    const [first = '', ...rest] = text.split(' ');
    const tail = rest.join(' ');
    switch (shape) {
      case 0:
        return text;
      case 1:
        return `*${first}* ${tail}`;
      case 2:
        return `${first} [${tail || 'x'}](https://example.org/)`;
      case 3:
        return `${first} \`${tail || 'x'}\``;
      case 4:
        return `## ${text}`;
      case 5:
        return `- ${first}\n- ${tail}`;
      case 6:
        return `> ${text}`;
      case 7:
        return `| ${first} | ${tail} |\n| --- | --- |\n| a | b |`;
      case 8:
        return `:claim[${text}]{#${id}}`;
      case 9:
        return `${first} :claim[${tail}]{#${id}} end`;
      case 10:
        return `\`\`\`\n${text}\n\`\`\``;
      default:
        return `**${first}**_${tail}_`;
    }
  });
  const chapter = fc.tuple(fc.array(block, { minLength: 1, maxLength: 8 }), fc.boolean()).map(([blocks, crlf]) => {
    const body = `---\ntitle: T\nnumber: 1\n---\n\n${blocks.join('\n\n')}\n`;
    return crlf ? body.replace(/\n/g, '\r\n') : body;
  });
  const quote = fc.oneof(
    sentence,
    fc.tuple(sentence, fc.array(edit, { maxLength: 2 })).map(([text, edits]) => edits.reduce((value, apply) => apply(value), text)),
  );
  const claims = fc.array(
    fc.tuple(fc.constantFrom('one', 'two', 'three', 'four'), fc.boolean(), quote, fc.option(sentence), fc.option(sentence)),
    { maxLength: 5 },
  );

  /** A chapter and claims whose quotes are mostly taken from its own text, so that most of them anchor. */
  const pageCase = chapter.chain((source) => {
    let snapshot = '';
    try {
      snapshot = extractChapterText(parseChapter(source, { format: 'md' })).snapshot;
    } catch {
      // an unparsable chapter gets random quotes
    }
    const lines = snapshot.split('\n').filter((line) => line.trim().length >= 3);
    const fromText = lines.length === 0
      ? quote
      : fc.tuple(fc.constantFrom(...lines), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })).map(([line, a, b]) => {
          const start = Math.floor(Math.min(a, b) * line.length);
          const end = Math.max(start + 3, Math.ceil(Math.max(a, b) * line.length));
          return line.slice(start, end);
        });
    // Every directive in the prose gets its claim; quote claims get ids of their own.
    const directiveIds = [...new Set([...source.matchAll(/\{#([a-z]+)\}/g)].map((match) => match[1]!))];
    const directiveClaims = directiveIds.map((id) => [id, true, '', null, null] as const);
    return fc.tuple(
      fc.constant(source),
      fc
        .array(fc.tuple(fc.constantFrom('q1', 'q2', 'q3', 'q4'), fc.constant(false), fc.oneof({ weight: 6, arbitrary: fromText }, { weight: 1, arbitrary: quote }), fc.option(sentence), fc.option(sentence)), { maxLength: 4 })
        .map((quotes) => [...directiveClaims, ...quotes]),
    );
  });

  describe('on the page', () => {
    const roots: string[] = [];
    afterAll(() => {
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    });

    it('marks every anchored claim once, the same on Sätteri and on remark', async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'research-pack-fuzz-page-'));
      roots.push(root);
      const book = path.join(root, 'content/books/demo');
      mkdirSync(book, { recursive: true });
      writeFileSync(path.join(book, 'book.yaml'), 'title: Demo\nslug: demo\n');
      const file = path.join(book, '01-chapter.md');
      let rendered = 0;
      await fc.assert(
        fc.asyncProperty(pageCase, async ([source, rawClaims]) => {
          const list = rawClaims.filter((entry, index) => rawClaims.findIndex((other) => other[0] === entry[0]) === index);
          const yaml = list
            .map(([id, directive, quoteText, prefix, suffix]) =>
              [
                `  - id: ${id}`,
                directive ? '    anchor: directive' : `    anchor:\n      quote: ${JSON.stringify(quoteText)}${prefix ? `\n      prefix: ${JSON.stringify(prefix)}` : ''}${suffix ? `\n      suffix: ${JSON.stringify(suffix)}` : ''}`,
                '    verdict:\n      status: unverified',
              ].join('\n'),
            )
            .join('\n');
          writeFileSync(file, source);
          writeFileSync(path.join(book, '01-chapter.claims.yaml'), `claims:${yaml ? `\n${yaml}` : ' []'}\n`);
          const { model } = buildModel({ rootDir: root, parse: (text, { format }) => parseChapter(text, { format }), today: '2026-06-01' });
          if (!model) return; // orphan, ambiguous, directive problems: tested above
          rendered++;
          const current = model.books[0]!.chapters[0]!;
          const annotations = claimAnnotations(current, { packUrl: '/research/books/demo/01-chapter/' });
          const lookup = (filePath: string) => (path.resolve(filePath) === file ? annotations : undefined);
          const satteri = (await markdownToHtml(source, {
            mdastPlugins: [satteriClaims({ annotations: lookup })],
            features: { directive: true, gfm: true, frontmatter: true, smartPunctuation: false },
            fileURL: pathToFileURL(file),
          })).html;
          const remark = String(
            await unified()
              .use(remarkParse)
              .use(remarkFrontmatter)
              .use(remarkGfm)
              .use(remarkDirective)
              .use(remarkClaims, { annotations: lookup })
              .use(remarkRehype)
              .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
              .process(new VFile({ path: file, value: source })),
          );
          // Astro renders with smart punctuation on: the page's quotes and dashes differ from the source's.
          const smart = (await markdownToHtml(source, {
            mdastPlugins: [satteriClaims({ annotations: lookup })],
            features: { directive: true, gfm: true, frontmatter: true, smartPunctuation: true },
            fileURL: pathToFileURL(file),
          })).html;
          // Reading only the blocks that hold claims gives the page that reading all of it gives.
          for (const smartPunctuation of [false, true]) {
            const plan = (wholeTree: boolean) => {
              const tree = markdownToMdast(source, { features: { directive: true, gfm: true, frontmatter: true, smartPunctuation }, position: true }) as Root;
              return JSON.stringify(planClaimEdits(tree, annotations, { source, wholeTree }).map((edit) => (edit.kind === 'children' ? edit.children : edit.nodes)));
            };
            expect(plan(false)).toBe(plan(true));
          }
          for (const claim of current.claims) {
            for (const html of [satteri, smart]) {
              const marks = html.split(`data-claim-id="${claim.claim.id}"`).length - 1;
              expect(marks, `claim ${claim.claim.id} is marked once on the page`).toBe(1);
            }
          }
          expect(remark.trimEnd()).toBe(satteri.trimEnd());
        }),
        { seed, numRuns: runs(250) },
      );
      // Most cases must reach the page, or the property proves little.
      expect(rendered).toBeGreaterThan(runs(250) / 4);
    });
  });

  it('anchors quotes or reports positioned problems, with consistent selectors', () => {
    fc.assert(
      fc.property(chapter, claims, fc.array(edit, { maxLength: 3 }), (source, rawClaims, edits) => {
        const text = edits.reduce((value, apply) => apply(value), source);
        let root;
        try {
          root = parseChapter(text, { format: 'md' });
        } catch {
          return; // a parser failure is a positioned problem in buildModel (tested above)
        }
        const chapterText = extractChapterText(root);
        const { snapshot } = chapterText;
        expect(snapshot.endsWith('\n')).toBe(true);
        const parsed = ClaimsFileSchema.safeParse({
          claims: rawClaims.map(([id, directive, quoteText, prefix, suffix]) => ({
            id,
            anchor: directive ? 'directive' : { quote: quoteText, ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) },
            verdict: { status: 'unverified' },
          })),
        });
        if (!parsed.success) return; // invalid claims never reach anchoring
        const list: Claim[] = parsed.data.claims.filter((claim, index, all) => all.findIndex((other) => other.id === claim.id) === index);
        const { anchors, problems } = anchorClaims(chapterText, list, {
          chapter: 'content/books/pi/01.md',
          claims: 'content/books/pi/01.claims.yaml',
          locate: (index) => ({ line: index + 2, column: 5 }),
        });
        for (const problem of problems) {
          expect(problem.line).toBeGreaterThanOrEqual(1);
          expect(problem.column).toBeGreaterThanOrEqual(1);
          expect(problem.message).toMatch(/\S/);
          expect(problem.rule).toMatch(/^anchor\//);
        }
        checkFormatted(problems);
        for (const claim of list) {
          const anchor = anchors.get(claim.id);
          if (!anchor) {
            expect(problems.some((problem) => problem.message.includes(`"${claim.id}"`)), `claim ${claim.id} is anchored or reported`).toBe(true);
            continue;
          }
          const { start, end } = anchor.selectors.position;
          expect(0 <= start && start <= end && end <= snapshot.length).toBe(true);
          expect(snapshot.slice(start, end)).toBe(anchor.selectors.quote.exact);
          expect(anchor.text).toBe(anchor.selectors.quote.exact);
          expect(anchor.location).toMatchObject({ start, end });
          expect(anchor.selectors.quote.prefix).toBe(snapshot.slice(Math.max(0, start - SELECTOR_CONTEXT), start));
          expect(snapshot.slice(end).startsWith(anchor.selectors.quote.suffix)).toBe(true);
          expect(anchor.location.line).toBeGreaterThanOrEqual(1);
          expect(anchor.location.column).toBeGreaterThanOrEqual(1);
          if (anchor.anchoring === 'exact' && claim.anchor !== 'directive') {
            expect(anchor.text.length).toBeGreaterThan(0);
          }
        }
      }),
      { seed, numRuns: runs(1500) },
    );
  });
});
