/**
 * Matching report rows to claims (id, quote, approximate quote) and to
 * recorded sources (DOI, arXiv id, URL, title).
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { matchClaimRows, matchSourceRow, normalizeTitle, normalizeUrl } from '../../src/ingest/match.js';
import type { ClaimAuditRow, SourceLedgerRow } from '../../src/research-report/read.js';
import type { Source } from '../../src/schema/sidecars.js';

const baseClaims = [
  { id: 'one-object-per-line', text: 'Each line of a session file holds exactly one JSON object, and every object says what it is in its type field.' },
  { id: 'session-id-v4', text: 'The session id is a random version 4 UUID.' },
  { id: 'header-metadata-only', text: 'The header is metadata only: it records the session id, a creation time and the working directory.' },
];
const claims = baseClaims;
const options = { file: 'report.md', claimsFile: 'claims.yaml', chapter: 'pi/27-chapter' };

function row(index: number, fields: Partial<ClaimAuditRow>): ClaimAuditRow {
  return { index, line: 10 + index, column: 1, claimText: '', claimAt: { line: 10 + index, column: 3 }, ids: [], quotes: [], evidence: 'x', unverified: false, ...fields };
}

describe('matchClaimRows', () => {
  it('matches by id, by code span, by quote and by approximate quote, the first row per claim', () => {
    const { matches, problems } = matchClaimRows(
      [
        row(0, { ids: [{ value: 'session-id-v4', line: 10, column: 3 }] }),
        row(1, { claimText: '`one-object-per-line`, first sentence', ids: [{ value: 'one-object-per-line', line: 11, column: 3 }] }),
        row(2, { claimText: '"it records the session id, a creation time"', quotes: ['it records the session id, a creation time'] }),
        row(3, { claimText: 'The sesion id is a random version-4 UUID' }),
      ],
      claims,
      options,
    );
    expect(matches.filter((match) => !match.duplicate).map((match) => [match.id, match.how, match.errors])).toEqual([
      ['session-id-v4', 'id', undefined],
      ['one-object-per-line', 'id', undefined],
      ['header-metadata-only', 'exact', undefined],
    ]);
    // The duplicate row is about a claim too: it lands as that claim, adding nothing.
    expect(matches.at(-1)).toMatchObject({ id: 'session-id-v4', how: 'fuzzy', errors: 2, duplicate: true });
    expect(formatProblems(problems)).toBe(
      [
        'report.md:13:1  claim-audit[3]  warning: this row is about claim "session-id-v4" like the row at line 10; only the first is used  (hint: give each claim one row)  [report/duplicate-claim-row]',
        'report.md:13:3  claim-audit[3].claim  warning: matched claim "session-id-v4" by approximate text (2 edits): "The sesion id is a random version-4 UUID"  (hint: check that the row is about "session-id-v4", or name it by id)  [report/fuzzy-claim]',
      ].join('\n'),
    );
  });

  it('lets a row that names a claim by id win over an earlier row that matched its text, and matches a few words only exactly', () => {
    const claims = [...baseClaims, { id: 'fork-records-parent', text: 'Forking produces a new session file whose header points back at the original through parentSession.' }];
    const { matches, problems } = matchClaimRows(
      [
        row(0, { claimText: 'The session ids are random version 4 UUIDs', quotes: ['The session ids are random version 4 UUIDs'] }),
        // Eight characters two edits from "parentSe…" (an outside report's JSON key) are no sign of the claim.
        row(1, { claimText: '"parentId" in the example', quotes: ['parentId'] }),
        row(2, { ids: [{ value: 'session-id-v4', line: 12, column: 3 }] }),
      ],
      claims,
      options,
    );
    expect(matches.map((match) => [match.row.index, match.id, match.how, match.duplicate ?? false])).toEqual([
      [0, 'session-id-v4', 'fuzzy', true],
      [2, 'session-id-v4', 'id', false],
    ]);
    expect(formatProblems(problems)).toContain(
      'report.md:10:1  claim-audit[0]  warning: this row matched claim "session-id-v4" by its text, but the row at line 12 names it by id; only that row is used  (hint: give each claim one row, and name it by id)  [report/duplicate-claim-row]',
    );
    // The row used takes the cells it leaves empty from the row that gave way.
    const merged = matchClaimRows(
      [row(0, { quotes: ['The session ids are random version 4 UUIDs'], concern: 'v7 now', priority: 'high' }), row(1, { ids: [{ value: 'session-id-v4', line: 11, column: 3 }], priority: 'low' })],
      claims,
      options,
    );
    expect(merged.matches.filter((match) => !match.duplicate).map((match) => [match.row.index, match.row.concern, match.row.priority])).toEqual([[1, 'v7 now', 'low']]);
    expect(formatProblems(merged.problems)).toContain("only that row is used, with this row's concern where it gives none");
    // A few words with a typo that are nearly the whole of a short claim still find it.
    const short = matchClaimRows([row(0, { claimText: '"Entries from a tree"', quotes: ['Entries from a tree'] })], [{ id: 'tree', text: 'Entries form a tree.' }], options);
    expect(short.matches.map((match) => [match.id, match.how])).toEqual([['tree', 'fuzzy']]);
  });

  it('finds a claim inside a longer quoted sentence, and says when a quote fits several', () => {
    const { matches, held, problems } = matchClaimRows(
      [
        row(0, { quotes: ['In short: The session id is a random version 4 UUID. It never changes.'] }),
        row(1, { quotes: ['session id'] }),
      ],
      claims,
      options,
    );
    expect(matches.map((match) => match.id)).toEqual(['session-id-v4']);
    expect(held.map((entry) => [entry.row.index, entry.reason])).toEqual([[1, 'the quote matches the claims "session-id-v4", "header-metadata-only" equally well']]);
    expect(formatProblems(problems)).toBe(
      'report.md:11:3  claim-audit[1].claim  warning: the quote matches the claims "session-id-v4", "header-metadata-only" equally well; the row is held back  (hint: name the claim by id, e.g. `claim-id`, anywhere in the claim cell)  [report/ambiguous-claim]',
    );
  });

  it('finds an id among other words, and leaves a row about no recorded claim unmatched, naming the closest id', () => {
    const { matches, unmatched, problems } = matchClaimRows(
      [
        row(0, { claimText: 'jsonl (l.13), see session-id-v4, review due', ids: [{ value: 'session-id-v4', line: 10, column: 20 }] }),
        row(1, { ids: [{ value: 'session-id-4', line: 11, column: 5 }] }),
        row(2, { claimText: '"A torn line costs one entry."', quotes: ['A torn line costs one entry.'] }),
      ],
      claims,
      options,
    );
    expect(matches.map((match) => [match.row.index, match.id])).toEqual([[0, 'session-id-v4']]);
    expect(unmatched.map((entry) => entry.index)).toEqual([1, 2]);
    expect(formatProblems(problems)).toBe(
      'report.md:11:5  claim-audit[1].claim  warning: no claim "session-id-4" in claims.yaml; the row is recorded as a proposed claim  (hint: did you mean "session-id-v4"?)  [report/unknown-claim]',
    );
  });
});

describe('matchSourceRow', () => {
  const sources = [
    { id: 'rfc', title: 'Universally Unique IDentifiers (UUIDs)', identifiers: { doi: '10.17487/RFC9562' }, url: 'https://www.rfc-editor.org/rfc/rfc9562', reading: 'abstract-only', accessed: '2026-01-01', authors: [] },
    { id: 'react', title: 'ReAct', identifiers: { arxiv: '2210.03629v2' }, reading: 'abstract-only', accessed: '2026-01-01', authors: [] },
    { id: 'notes-new', title: 'Session File Format (1.6.0)', identifiers: {}, url: 'https://www.npmjs.com/package/pi', reading: 'full-text', accessed: '2026-01-01', authors: [] },
    { id: 'code-new', title: 'pi 1.6.0 package', identifiers: {}, url: 'https://www.npmjs.com/package/pi', reading: 'full-text', accessed: '2026-01-01', authors: [] },
  ] as Source[];
  const ledger = (fields: Partial<SourceLedgerRow>): SourceLedgerRow => ({
    index: 0,
    line: 1,
    column: 1,
    title: 'Untitled',
    identifiers: {},
    metadata: '',
    metadataUnverified: false,
    reading: 'full-text',
    readingText: { value: 'full text', line: 1, column: 1 },
    ids: [],
    bearsOn: [],
    accessed: '2026-11-30',
    unverified: false,
    ...fields,
  });

  it('matches by DOI, arXiv id of any version, URL and title, strongest first', () => {
    expect(matchSourceRow(ledger({ title: 'Something else', identifiers: { doi: '10.17487/rfc9562' } }), sources)).toMatchObject({ source: { id: 'rfc' }, how: 'doi' });
    expect(matchSourceRow(ledger({ identifiers: { arxiv: '2210.03629v3' } }), sources)).toMatchObject({ source: { id: 'react' }, how: 'arxiv' });
    expect(matchSourceRow(ledger({ url: 'http://rfc-editor.org/rfc/rfc9562/#section-5.7' }), sources)).toMatchObject({ source: { id: 'rfc' }, how: 'url' });
    expect(matchSourceRow(ledger({ title: 'Universally unique identifiers — (UUIDs)' }), sources)).toMatchObject({ source: { id: 'rfc' }, how: 'title' });
    expect(matchSourceRow(ledger({ title: 'A new work' }), sources)).toEqual({ others: [] });
  });

  it('prefers the same title when several sources share a URL, and says which others matched', () => {
    const both = matchSourceRow(ledger({ title: 'pi 1.6.0 package', url: 'https://npmjs.com/package/pi' }), sources);
    expect(both.source?.id).toBe('code-new');
    expect(both.others.map((source) => source.id)).toEqual(['notes-new']);
    expect(matchSourceRow(ledger({ title: 'Other', url: 'https://npmjs.com/package/pi' }), sources).source?.id).toBe('notes-new');
  });

  it('normalizes URLs and titles', () => {
    expect(normalizeUrl('HTTPS://WWW.Example.org/a/b/?q=1#frag')).toBe('example.org/a/b?q=1');
    expect(normalizeUrl('not a url')).toBeUndefined();
    expect(normalizeTitle('“ReAct”: Synergizing Reasoning & Acting — in LMs')).toBe('react synergizing reasoning and acting in lms');
  });
});
