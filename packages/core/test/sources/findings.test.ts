import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/build.js';
import { formatProblems } from '../../src/problems/format.js';
import { findingCategory, sourceFindings } from '../../src/sources/findings.js';
import { renderSourcesLock } from '../../src/sources/lock.js';
import type { SourcesLock } from '../../src/schema/sources-lock.js';
import { exampleBook, fakeParse, withChanges, writeProject } from '../fixture-book.js';

const evidence = `${exampleBook['content/books/demo/01-sessions.evidence.yaml']!}`.replace(
  "  - id: session-code\n    title: session-manager.ts\n",
  [
    '  - id: react',
    '    title: "ReAct: Synergizing Reasoning and Acting in Language Models"',
    '    authors: [Shunyu Yao, Jeffrey Zhao]',
    '    published: "2022"',
    '    identifiers:',
    '      doi: 10.1000/react',
    '      arxiv: 2210.03629v1',
    '    url: https://react.example/paper',
    '    reading: full-text',
    '    accessed: 2025-01-11',
    '  - id: session-code',
    '    title: session-manager.ts',
    '',
  ].join('\n'),
);

const at = '2026-11-30T10:00:00Z';
const lock: SourcesLock = {
  version: 1,
  urls: [
    { url: 'https://jsonlines.org/', checked: at, health: 'dead', since: '2026-11-20T10:00:00Z', status: 404, redirects: [], archives: [{ near: '2025-01-10', checked: at, result: 'found', url: 'https://web.archive.org/web/20250109000000/https://jsonlines.org/', datetime: '2025-01-09T00:00:00Z' }] },
    { url: 'https://react.example/paper', checked: at, health: 'unreachable', since: at, redirects: [], error: { kind: 'timeout', detail: 'no answer within 10 s' }, body: { sha256: 'b'.repeat(64), bytes: 1, since: '2025-06-01T00:00:00Z', seen: '2025-06-01T00:00:00Z' }, previousBody: { sha256: 'a'.repeat(64), until: '2025-02-01T00:00:00Z' }, archives: [] },
  ],
  dois: [{ doi: '10.1000/react', checked: at, result: 'found', since: at, status: 200, metadata: { title: 'ReAct: Synergizing Reasoning and Acting in Language Models', authors: [{ family: 'Yao', given: 'Shunyu' }, { family: 'Zhao', given: 'Jeffrey' }], issued: '2023-05' } }],
  arxiv: [{ id: '2210.03629', checked: at, result: 'found', since: at, version: 3, versionDate: '2023-03-10T01:00:17Z', authors: ['Shunyu Yao', 'Jeffrey Zhao'] }],
};

describe('sourceFindings', () => {
  it('lists dead links, changes, newer versions, metadata and unreachable sources at their ledger fields', () => {
    const root = writeProject(withChanges({ '01-sessions.evidence.yaml': evidence, 'sources.lock.json': renderSourcesLock(lock) }));
    const { model, problems } = buildModel({ rootDir: root, parse: (source) => fakeParse(source), today: '2026-12-01' });
    expect(problems).toEqual([]);
    const found = sourceFindings(model!, { rootDir: root });
    const file = 'content/books/demo/01-sessions.evidence.yaml';
    const lines = evidence.split('\n');
    const line = (text: string, from = 0) => lines.findIndex((candidate, index) => index >= from && candidate.includes(text)) + 1;
    const react = line('id: react');
    expect(formatProblems(found.problems).split('\n')).toEqual([
      `${file}:${line('url: https://jsonlines.org/')}:10  sources[0].url  warning: the link "https://jsonlines.org/" is dead since 2026-11-20: HTTP 404  (hint: an archived copy from 2025-01-09 is at https://web.archive.org/web/20250109000000/https://jsonlines.org/; set archiveUrl to it, or find where the document moved)  [source/dead-link]`,
      `${file}:${line('published: "2022"')}:16  sources[1].published  warning: published differs from the DOI's metadata: the ledger has "2022", the DOI has "2023-05"  (hint: check the document and correct the ledger if it is wrong; nothing is changed automatically)  [source/metadata-mismatch]`,
      `${file}:${line('arxiv: 2210.03629v1')}:14  sources[1].identifiers.arxiv  warning: arXiv has version 3 of "2210.03629" (submitted 2023-03-10); the ledger names version 1  (hint: read the new version; if the evidence still holds, update the id and accessed)  [source/newer-version]`,
      `${file}:${line('url: https://react.example/paper')}:10  sources[1].url  warning: "https://react.example/paper" could not be checked on 2026-11-30: no answer within 10 s  (hint: run \`research-pack sources refresh\` again later; a source that stays unreachable may be gone)  [source/unreachable]`,
      `${file}:${line('accessed: 2025-01-11', react)}:15  sources[1].accessed  warning: the page at "https://react.example/paper" changed after it was read on 2025-01-11: its content differs between the checks of 2025-02-01 and 2025-06-01  (hint: read it again, check the evidence that cites it and update accessed)  [source/changed]`,
    ]);
    expect(found.counts).toEqual({ dead: 1, changed: 2, metadata: 1, unreachable: 1 });
    expect(found.sources).toEqual({ total: 3, checked: 2, unchecked: 0, uncheckable: 1 });
    expect(found.locks).toEqual(['content/books/demo/sources.lock.json']);
    expect(found.problems.map((problem) => findingCategory(problem.rule))).toEqual(['dead', 'changed', 'changed', 'metadata', 'unreachable']);
  });

  it('counts sources never checked and books without a lock', () => {
    const root = writeProject(withChanges({}));
    const { model } = buildModel({ rootDir: root, parse: (source) => fakeParse(source), today: '2026-12-01' });
    const found = sourceFindings(model!, { rootDir: root });
    expect(found.problems).toEqual([]);
    expect(found.sources).toEqual({ total: 2, checked: 0, unchecked: 1, uncheckable: 1 });
    expect(found.booksWithoutLock).toEqual(['demo']);
    expect(findingCategory('schema/unknown-key')).toBeUndefined();
  });
});
