/**
 * A small, complete, valid book for tests, written to a temporary folder.
 * Tests change single files with `{ ...exampleBook, [path]: text }`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PhrasingContent, Root, RootContent, Text } from 'mdast';
import { tempDir } from './temp-dir.js';

const dir = 'content/books/demo';

/** File paths relative to the project root, and their text. */
export type Files = Record<string, string | undefined>;

/** The example book: two chapters, all three sidecars on the first. */
export const exampleBook: Files = {
  [`${dir}/book.yaml`]: ['title: Demo Book', 'slug: demo', 'notebooks:', '  github: example/demo-notebooks', 'reviewAfterDays: 180', ''].join('\n'),
  [`${dir}/01-sessions.mdx`]: [
    '---',
    'title: Sessions',
    'number: 1',
    '---',
    '',
    'A session file is JSON Lines: each line holds one JSON object.',
    '',
    'Entries form a tree through their id and parentId fields.',
    '',
    'The header line names the format version.',
    '',
  ].join('\n'),
  [`${dir}/01-sessions.claims.yaml`]: [
    'claims:',
    '  - id: jsonl',
    '    anchor:',
    '      quote: each line holds one JSON object',
    '    verdict:',
    '      status: supported',
    '      date: 2025-01-10',
    '      rationale: The JSON Lines text format requires one value per line.',
    '      textHash: d614023fcd07a94d',
    '    priority: high',
    '  - id: tree',
    '    anchor:',
    '      quote: Entries form a tree',
    '    verdict:',
    '      status: unverified',
    '  - id: header',
    '    anchor:',
    '      quote: names the format version',
    '    verdict:',
    '      status: qualified',
    '      date: 2025-01-12',
    '      rationale: Only version 3 files name it.',
    '',
  ].join('\n'),
  [`${dir}/01-sessions.evidence.yaml`]: [
    'sources:',
    '  - id: jsonl-spec',
    '    title: JSON Lines',
    '    url: https://jsonlines.org/',
    '    reading: full-text',
    '    accessed: 2025-01-10',
    '  - id: session-code',
    '    title: session-manager.ts',
    '    reading: abstract-only',
    '    accessed: 2025-01-12',
    'evidence:',
    '  - id: jsonl-lead',
    '    source: session-code',
    '    claims: [jsonl]',
    '    relation: supports',
    '    class: background',
    '    status: lead',
    '    recorded: 2025-01-09',
    '  - id: jsonl-spec-says',
    '    source: jsonl-spec',
    '    claims: [jsonl]',
    '    relation: supports',
    '    class: reported',
    '    status: validated',
    '    recorded: 2025-01-10',
    '  - id: header-run',
    '    source: session-code',
    '    claims: [header]',
    '    relation: qualifies',
    '    class: reproduced',
    '    status: validated',
    '    recorded: 2024-03-01',
    '    run: first-run',
    '',
  ].join('\n'),
  [`${dir}/01-sessions.research.yaml`]: [
    'objective: Decide whether the chapter describes the current format.',
    'references:',
    '  - id: jsonl-ref',
    '    citation: JSON Lines. https://jsonlines.org/',
    '    source: jsonl-spec',
    'notebooks:',
    '  - path: notebooks/01-sessions.ipynb',
    '    published: true',
    '    runs:',
    '      - id: first-run',
    '        date: 2024-03-01',
    '        outcome: passed',
    '        environment: Node 24',
    'history:',
    '  - date: 2025-01-12',
    '    by: reviewer',
    '    report: reports/01-sessions-1.md',
    '',
  ].join('\n'),
  [`${dir}/reports/01-sessions-1.md`]: '# Pass 1\n',
  [`${dir}/02-replay.md`]: ['---', 'title: Replay', 'number: 2', '---', '', 'Replaying a session walks the tree.', ''].join('\n'),
};

/**
 * Write files to a new temporary project root, removed after the test file.
 * @param files paths relative to the root and their text; undefined entries are skipped.
 * @returns the root.
 */
export function writeProject(files: Files): string {
  const root = tempDir('research-pack-core-');
  for (const [file, text] of Object.entries(files)) {
    if (text === undefined) continue;
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/**
 * The example book with some files replaced or removed.
 * @param changes paths relative to `content/books/demo` (or `/`-rooted project paths) and their new text; undefined removes a file.
 * @returns the files.
 */
export function withChanges(changes: Files): Files {
  const files = { ...exampleBook };
  for (const [file, text] of Object.entries(changes)) {
    const key = file.startsWith('/') ? file.slice(1) : `${dir}/${file}`;
    if (text === undefined) delete files[key];
    else files[key] = text;
  }
  return files;
}

/**
 * A stand-in for a Markdown parser: one block per run of non-blank lines
 * (frontmatter skipped), `#` headings, and `:claim[text]{#id}` directives,
 * everything else plain text, all with positions.
 * @param source the chapter's text.
 * @returns the mdast tree.
 */
export function fakeParse(source: string): Root {
  const lineStarts = [0];
  for (let index = 0; index < source.length; index++) if (source[index] === '\n') lineStarts.push(index + 1);
  const point = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
    return { line: line + 1, column: offset - lineStarts[line]! + 1, offset };
  };
  const position = (start: number, end: number) => ({ start: point(start), end: point(end) });
  const text = (value: string, start: number): Text => ({ type: 'text', value, position: position(start, start + value.length) });
  const inline = (value: string, start: number): PhrasingContent[] => {
    const nodes: PhrasingContent[] = [];
    const directive = /:claim\[([^\]]*)\]\{#([^}]+)\}/g;
    let last = 0;
    for (let match = directive.exec(value); match; match = directive.exec(value)) {
      if (match.index > last) nodes.push(text(value.slice(last, match.index), start + last));
      nodes.push({
        type: 'textDirective',
        name: 'claim',
        attributes: { id: match[2]! },
        children: [text(match[1]!, start + match.index + ':claim['.length)],
        position: position(start + match.index, start + match.index + match[0].length),
      } as unknown as PhrasingContent);
      last = match.index + match[0].length;
    }
    if (last < value.length) nodes.push(text(value.slice(last), start + last));
    return nodes;
  };
  const frontmatter = /^---\n[\s\S]*?\n---\n/.exec(source);
  const children: RootContent[] = [];
  const blocks = /[^\n]+(?:\n[^\n]+)*/g;
  blocks.lastIndex = frontmatter ? frontmatter[0].length : 0;
  for (let match = blocks.exec(source); match; match = blocks.exec(source)) {
    const heading = /^(#{1,6}) /.exec(match[0]);
    const where = position(match.index, match.index + match[0].length);
    if (heading) {
      const depth = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      children.push({ type: 'heading', depth, children: inline(match[0].slice(heading[0].length), match.index + heading[0].length), position: where });
    } else {
      children.push({ type: 'paragraph', children: inline(match[0], match.index), position: where });
    }
  }
  return { type: 'root', children };
}
