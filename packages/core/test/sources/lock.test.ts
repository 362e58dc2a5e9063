import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { emptySourcesLock, loadSourcesLock, renderSourcesLock } from '../../src/sources/lock.js';
import type { SourcesLock } from '../../src/schema/sources-lock.js';

const file = 'content/books/demo/sources.lock.json';

/** A lock with one of everything, its entries deliberately out of order. */
const lock: SourcesLock = {
  version: 1,
  urls: [
    {
      url: 'https://example.org/z',
      checked: '2026-11-30T10:00:00Z',
      health: 'dead',
      since: '2026-11-29T10:00:00Z',
      status: 404,
      redirects: [],
      archives: [
        { near: '2026-02-01', checked: '2026-11-30T10:00:01Z', result: 'none' },
        { near: '2026-01-10', checked: '2026-11-30T10:00:02Z', result: 'found', url: 'https://web.archive.org/web/20260110093000/https://example.org/z', datetime: '2026-01-10T09:30:00Z' },
      ],
    },
    {
      url: 'https://example.org/a',
      checked: '2026-11-30T10:00:00Z',
      health: 'redirected',
      since: '2026-11-30T10:00:00Z',
      status: 200,
      redirects: [{ status: 301, location: 'https://example.org/b' }],
      contentType: 'text/html; charset=utf-8',
      body: { sha256: 'a'.repeat(64), bytes: 12, since: '2026-11-30T10:00:00Z', seen: '2026-11-30T10:00:00Z' },
      archives: [],
    },
  ],
  dois: [{ doi: '10.1000/xyz', checked: '2026-11-30T10:00:00Z', result: 'found', since: '2026-11-30T10:00:00Z', status: 200, metadata: { title: 'A title', authors: [{ family: 'Yao', given: 'Shunyu' }], issued: '2023' } }],
  arxiv: [{ id: '2210.03629', checked: '2026-11-30T10:00:00Z', result: 'found', since: '2026-11-30T10:00:00Z', version: 3, authors: ['Shunyu Yao'] }],
};

describe('the sources lock file', () => {
  it('writes entries sorted, keys in schema order, empty lists left out, and reads back what it wrote', () => {
    const text = renderSourcesLock(lock);
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(text) as { urls: Array<{ url: string; archives?: Array<{ near: string }> }> };
    expect(parsed.urls.map((entry) => entry.url)).toEqual(['https://example.org/a', 'https://example.org/z']);
    expect(parsed.urls[0]!.archives).toBeUndefined();
    expect(parsed.urls[1]!.archives!.map((archive) => archive.near)).toEqual(['2026-01-10', '2026-02-01']);
    expect(Object.keys(parsed.urls[0]!)).toEqual(['url', 'checked', 'health', 'since', 'status', 'redirects', 'contentType', 'body']);
    const loaded = loadSourcesLock(text, file);
    expect(loaded.problems).toEqual([]);
    // The same entries in any order give the same bytes.
    expect(renderSourcesLock(loaded.lock!)).toBe(text);
    const shuffled: SourcesLock = { ...lock, urls: [...lock.urls].reverse().map((entry) => ({ ...entry, archives: [...entry.archives].reverse() })) };
    expect(renderSourcesLock(shuffled)).toBe(text);
  });

  it('writes an empty lock with its three lists', () => {
    expect(renderSourcesLock(emptySourcesLock())).toBe('{\n  "version": 1,\n  "urls": [],\n  "dois": [],\n  "arxiv": []\n}\n');
  });

  it('reports text that is not JSON at its line and column', () => {
    const text = renderSourcesLock(lock).replace('"health": "dead",', '"health": "dead"');
    const line = text.slice(0, text.indexOf('"health": "dead"')).split('\n').length + 1;
    expect(formatProblems(loadSourcesLock(text, file).problems)).toMatch(
      new RegExp(`^content/books/demo/sources\\.lock\\.json:${line}:7  the`));
    expect(formatProblems(loadSourcesLock(text, file).problems)).toMatch(
      /^\S+  the sources lock is not valid JSON: Expected ',' or '}' after property value in JSON  \(hint: the file is written by `research-pack sources refresh`: restore it from version control, or delete it and run the refresh again\)  \[lock\/syntax\]$/,
    );
    expect(formatProblems(loadSourcesLock('{"version":', file).problems)).toMatch(/sources\.lock\.json:1:12  the sources lock is not valid JSON: the JSON ends too early/);
    expect(formatProblems(loadSourcesLock(' \n', file).problems)).toMatch(/^content\/books\/demo\/sources\.lock\.json  the file is empty/);
    // Comments and trailing commas are YAML, not JSON.
    expect(loadSourcesLock('{"version": 1, "urls": [],}', file).problems[0]!.rule).toBe('lock/syntax');
  });

  it('reports schema problems at the field, like a sidecar', () => {
    const text = renderSourcesLock(lock).replace('"health": "dead"', '"health": "gone"').replace('"checked": "2026-11-30T10:00:00Z",\n      "result": "found"', '"checked": "2026-11-30",\n      "result": "found"');
    const lines = formatProblems(loadSourcesLock(text, file).problems).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^content\/books\/demo\/sources\.lock\.json:\d+:17  urls\[1\]\.health  expected one of ok \| redirected \| dead \| unreachable, got "gone"/);
    expect(lines[1]).toMatch(/dois\[0\]\.checked  expected a UTC date and time written as YYYY-MM-DDTHH:MM:SSZ/);
    const unknown = loadSourcesLock(renderSourcesLock(lock).replace('"version": 1,', '"version": 1,\n  "comment": "x",'), file);
    expect(unknown.problems.map((problem) => [problem.rule, problem.line, problem.column])).toEqual([['schema/unknown-key', 3, 3]]);
  });

  it('refuses duplicate keys and duplicate entries', () => {
    const duplicateKey = loadSourcesLock('{"version": 1, "version": 1}', file);
    expect(duplicateKey.problems.map((problem) => problem.rule)).toEqual(['yaml/duplicate-key']);
    const twice: SourcesLock = { ...lock, dois: [lock.dois[0]!, lock.dois[0]!] };
    const text = JSON.stringify(twice, null, 2);
    const problems = loadSourcesLock(text, file).problems;
    expect(problems.map((problem) => `${problem.rule} ${problem.path} ${problem.message}`)).toEqual(['lock/duplicate-entry dois[1].doi the DOI "10.1000/xyz" is listed twice (first at dois[0].doi)']);
    expect(problems[0]!.line).toBeGreaterThan(1);
  });

  it('accepts a byte order mark and refuses a file that is too large', () => {
    expect(loadSourcesLock(`\ufeff${renderSourcesLock(lock)}`, file).problems).toEqual([]);
    expect(loadSourcesLock(' '.repeat(50_000_001), file).problems.map((problem) => problem.rule)).toEqual(['lock/too-large']);
  });
});

describe('the README', () => {
  it('shows a valid sources lock', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### `sources.lock.json`'));
    const example = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
    const loaded = loadSourcesLock(example, file);
    expect(loaded.problems).toEqual([]);
    expect(loaded.lock!.urls[0]!.archives[0]!.result).toBe('found');
  });
});

describe('the shipped JSON Schema', () => {
  it('accepts the locks the refresh writes and refuses what the loader refuses', async () => {
    const { readFileSync } = await import('node:fs');
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const schema = JSON.parse(readFileSync(new URL('../../schemas/sources-lock.schema.json', import.meta.url), 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(JSON.parse(renderSourcesLock(lock))), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(JSON.parse(renderSourcesLock(lock).replace('"health": "dead"', '"health": "gone"')))).toBe(false);
    expect(validate({ version: 1, urls: [{ url: 'https://a.example/', checked: '2026-11-30', health: 'ok', since: '2026-11-30T10:00:00Z' }] })).toBe(false);
    expect(validate({ version: 1, urls: [{ url: 'https://a.example/', checked: '2026-11-30T10:00:00Z', health: 'ok', since: '2026-11-30T10:00:00Z', extra: 1 }] })).toBe(false);
  });
});
