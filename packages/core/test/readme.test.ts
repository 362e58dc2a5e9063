/**
 * The README's example book is complete and valid, and the messages it
 * shows are the messages the code prints.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../src/model/build.js';
import { formatProblems } from '../src/problems/format.js';
import { fakeParse, writeProject } from './fixture-book.js';
import type { Files } from './fixture-book.js';
import { rules } from '../src/problems/rules.js';

const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const today = '2026-06-01';

/** The files of the README's example: code blocks with a `title="path"`. */
const example: Files = {};
for (const match of readme.matchAll(/```\w+ title="([^"]+)"\n([\s\S]*?)\n```/g)) example[match[1]!] = `${match[2]!}\n`;
example['content/books/pi/reports/2026-01-12-27-chapter.md'] = '# Research pass\n';

/** The lines of the first `txt` block after a heading or phrase. */
function block(after: string): string[] {
  const start = readme.indexOf(after);
  const match = /```txt\n([\s\S]*?)\n```/.exec(readme.slice(start));
  return match![1]!.split('\n');
}

/** The problems of the example with one file changed. */
function problemsWith(file: string, change: (text: string) => string): string {
  const files = { ...example };
  files[file] = change(files[file] ?? '');
  return formatProblems(buildModel({ rootDir: writeProject(files), parse: (source) => fakeParse(source), today }).problems);
}

/** Replace the `nth` occurrence (1-based) of a string that must occur. */
function replace(from: string, to: string, nth = 1) {
  return (text: string) => {
    let index = -1;
    for (let count = 0; count < nth; count++) {
      index = text.indexOf(from, index + 1);
      if (index < 0) throw new Error(`no ${JSON.stringify(from)} (${nth})`);
    }
    return text.slice(0, index) + to + text.slice(index + from.length);
  };
}

const claims = 'content/books/pi/27-chapter.claims.yaml';
const evidence = 'content/books/pi/27-chapter.evidence.yaml';

describe('README', () => {
  it('has the five example files', () => {
    expect(Object.keys(example).sort()).toEqual([
      'content/books/pi/27-chapter.claims.yaml',
      'content/books/pi/27-chapter.evidence.yaml',
      'content/books/pi/27-chapter.mdx',
      'content/books/pi/27-chapter.research.yaml',
      'content/books/pi/book.yaml',
      'content/books/pi/reports/2026-01-12-27-chapter.md',
    ]);
  });

  it('shows a complete, valid example that builds into what "Use" says', () => {
    const { model, problems } = buildModel({ rootDir: writeProject(example), parse: (source) => fakeParse(source), today });
    expect(formatProblems(problems)).toBe('');
    const lines = model!.books.flatMap((book) =>
      book.chapters.map((chapter) => `${chapter.id} [ ${chapter.claims.map((claim) => `'${claim.claim.id}: ${claim.status}'`).join(', ')} ]`),
    );
    expect(lines).toEqual(block('that yields:'));
  });

  it('shows the message "Use" says a typo gives', () => {
    expect(problemsWith(claims, replace('status: supported', 'status: supportd')).split('\n')).toEqual(block('in the claims sidecar, it prints'));
  });

  it('shows the messages these mistakes give', () => {
    const shown = block('message. For example:');
    const actual = [
      problemsWith(claims, replace('prefix: "JSON Lines: "', 'prefx: "JSON Lines: "')),
      problemsWith(evidence, replace('    reading: full-text                  # full-text | abstract-only | partial | not-accessible\n', '')),
      problemsWith(evidence, replace('recorded: 2026-01-10', 'recorded: 2026-1-10')),
      problemsWith(evidence, replace('source: jsonl-spec ', 'source: jsonl-spek ')),
      problemsWith(evidence, replace('status: validated', 'status: lead', 2)),
      problemsWith('content/books/pi/book.yaml', replace('title: Pi Agents ', 'title: Pi Agents: Sessions')),
      problemsWith('content/books/pi/28-chapter.mdx', () => '---\ntitle: Branches\nnumber: 27\n---\n\nSessions branch.\n'),
    ];
    expect(actual).toEqual(shown);
  });

  it('shows the warning a typo in a quote gives', () => {
    expect(problemsWith(claims, replace('quote: each line holds one JSON object', 'quote: each line hold one JSON object')).split('\n')).toEqual(block('a typo in a quote gives'));
  });

  it('lists every rule id', () => {
    for (const id of Object.keys(rules)) expect(readme).toContain(`| \`${id}\` |`);
  });
});
