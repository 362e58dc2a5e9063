import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatProblems } from '../../src/problems/format.js';
import { loadSidecar } from '../../src/load/sidecar.js';
import type { SidecarKind } from '../../src/schema/sidecars.js';
import { validateSchema } from '../../src/schema/validate.js';

const files: Record<SidecarKind, string> = {
  book: 'content/books/pi/book.yaml',
  claims: 'content/books/pi/27-chapter.claims.yaml',
  evidence: 'content/books/pi/27-chapter.evidence.yaml',
  research: 'content/books/pi/27-chapter.research.yaml',
};

/** The problems of a file as the CLI and Astro print them. */
function errors(kind: SidecarKind, lines: string[]): string {
  return formatProblems(loadSidecar(kind, `${lines.join('\n')}\n`, files[kind]).problems);
}

describe('validateSchema: friendly messages', () => {
  it('names the allowed values of an enum and suggests the closest', () => {
    expect(errors('claims', ['claims:', '  - id: a', '    anchor: directive', '    verdict:', '      status: supportd'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:5:15  claims[0].verdict.status  expected one of supported | qualified | contradicted | unverified, got "supportd"  (hint: did you mean "supported"?)  [schema/invalid-enum]',
    );
  });

  it('points at an unknown key itself, lists the allowed keys and suggests one', () => {
    expect(
      errors('claims', ['claims:', '  - id: a', '    anchor: directive', '    verdict:', '      status: unverified', '    priorty: high', '    zzz: 1']),
    ).toBe(
      [
        'content/books/pi/27-chapter.claims.yaml:6:5  claims[0].priorty  unknown key "priorty"; allowed keys: id, anchor, verdict, priority, concern, response  (hint: did you mean "priority"?)  [schema/unknown-key]',
        'content/books/pi/27-chapter.claims.yaml:7:5  claims[0].zzz  unknown key "zzz"; allowed keys: id, anchor, verdict, priority, concern, response  (hint: remove it, or check its spelling and indentation)  [schema/unknown-key]',
      ].join('\n'),
    );
  });

  it('ignores case and separators when suggesting a key', () => {
    expect(errors('book', ['title: Pi Agents', 'slug: pi', 'review_after_days: 30'])).toBe(
      'content/books/pi/book.yaml:3:1  review_after_days  unknown key "review_after_days"; allowed keys: title, slug, description, notebooks, reviewAfterDays, brief  (hint: did you mean "reviewAfterDays"?)  [schema/unknown-key]',
    );
  });

  it('explains the anchor union: a misspelt "directive" and a quote anchor with an unknown key', () => {
    expect(errors('claims', ['claims:', '  - id: a', '    anchor: directiv', '    verdict:', '      status: unverified'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:3:13  claims[0].anchor  expected "directive" or a mapping with quote, prefix, suffix, got "directiv"  (hint: did you mean "directive"?)  [schema/invalid-enum]',
    );
    expect(
      errors('claims', ['claims:', '  - id: a', '    anchor:', '      quote: the header line', '      prefx: a', '    verdict:', '      status: unverified']),
    ).toBe(
      'content/books/pi/27-chapter.claims.yaml:5:7  claims[0].anchor.prefx  unknown key "prefx"; allowed keys: quote, prefix, suffix  (hint: did you mean "prefix"?)  [schema/unknown-key]',
    );
    expect(errors('claims', ['claims:', '  - id: a', '    anchor: 5', '    verdict: { status: unverified }'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:3:13  claims[0].anchor  expected "directive" or a mapping with quote, prefix, suffix, got 5  (hint: write "directive", or a mapping with quote, prefix, suffix)  [schema/invalid-type]',
    );
  });

  it('points a missing key at the mapping it is missing from, with what to add', () => {
    expect(errors('claims', ['claims:', '  - anchor: directive', '    verdict: {}'])).toBe(
      [
        'content/books/pi/27-chapter.claims.yaml:2:5  claims[0].id  missing required key "id"  (hint: add "id: ..." — stable id, unique within the chapter)  [schema/missing-key]',
        'content/books/pi/27-chapter.claims.yaml:3:14  claims[0].verdict.status  missing required key "status"  (hint: add "status: ..." — supported | qualified | contradicted | unverified)  [schema/missing-key]',
      ].join('\n'),
    );
  });

  it('explains wrong types in YAML words, with the usual fixes', () => {
    expect(errors('claims', ['claims:', '  - id: 12', '    anchor: directive', '    verdict: { status: unverified }'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:2:9  claims[0].id  expected a string, got 12  (hint: quote it: "12")  [schema/invalid-type]',
    );
    // Quoted as written, not as read: `0070` reads as 70, and the hint must give back "0070".
    expect(errors('claims', ['claims:', '  - id: 0070', '    anchor: { quote: Qqq, prefix: 1e3 }', '    verdict: { status: unverified, textHash: 0000000000000000 }'])).toBe(
      [
        'content/books/pi/27-chapter.claims.yaml:2:9  claims[0].id  expected a string, got 70  (hint: quote it: "0070")  [schema/invalid-type]',
        'content/books/pi/27-chapter.claims.yaml:3:35  claims[0].anchor.prefix  expected a string, got 1000  (hint: quote it: "1e3")  [schema/invalid-type]',
        'content/books/pi/27-chapter.claims.yaml:4:46  claims[0].verdict.textHash  expected a string, got 0  (hint: quote it: "0000000000000000")  [schema/invalid-type]',
      ].join('\n'),
    );
    expect(errors('claims', ['claims: x'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:1:9  claims  expected a list, got the string "x"  (hint: write each entry on its own line starting with "- ")  [schema/invalid-type]',
    );
    expect(errors('claims', ['- a', '- b'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:1:1  expected a mapping (key: value lines), got a list  (hint: the file is a mapping: start each line at the left margin with one of its keys (claims) and a colon)  [schema/invalid-type]',
    );
    expect(errors('book', ['title:', 'slug: pi', 'reviewAfterDays: "30"'])).toBe(
      [
        'content/books/pi/book.yaml:1:1  title  expected a string, got an empty value  (hint: write a value after the colon)  [schema/invalid-type]',
        'content/books/pi/book.yaml:3:18  reviewAfterDays  expected a number, got the string "30"  (hint: write it without quotes: 30)  [schema/invalid-type]',
      ].join('\n'),
    );
    expect(errors('book', ['title: Pi', 'slug: pi', 'description:'])).toBe(
      'content/books/pi/book.yaml:3:1  description  expected a string, got an empty value  (hint: write a value after the colon, or remove the key)  [schema/invalid-type]',
    );
    expect(
      errors('research', ['notebooks:', '  - path: a.ipynb', '    published: "yes"', 'history:', '  - { date: 2024-01-01, by: me, counts: { claims: 1, sources: 1.5, leads: 0 } }']),
    ).toBe(
      [
        'content/books/pi/27-chapter.research.yaml:3:16  notebooks[0].published  expected true or false, got the string "yes"  (hint: write true or false, without quotes)  [schema/invalid-type]',
        'content/books/pi/27-chapter.research.yaml:5:63  history[0].counts.sources  expected a whole number, got 1.5  (hint: write a whole number here)  [schema/invalid-type]',
      ].join('\n'),
    );
  });

  it('reports formats, ranges and impossible values with the value written', () => {
    expect(
      errors('evidence', [
        'sources:',
        '  - id: s',
        '    title: T',
        '    reading: full',
        '    accessed: 2024-02-30',
        '    published: 2024-13',
        '    url: javascript:alert(1)',
        '    identifiers: { doi: x, arxiv: 1508.06576 }',
        'evidence:',
        '  - id: e',
        '    source: s',
        '    claims: []',
        '    relation: supports',
        '    class: reproduced',
        '    status: validated',
        '    recorded: 2024-1-5',
      ]),
    ).toBe(
      [
        'content/books/pi/27-chapter.evidence.yaml:4:14  sources[0].reading  expected one of full-text | abstract-only | partial | not-accessible, got "full"  (hint: did you mean "full-text"?)  [schema/invalid-enum]',
        'content/books/pi/27-chapter.evidence.yaml:5:15  sources[0].accessed  "2024-02-30" is not a real calendar date  (hint: February 2024 has 29 days; check the day and the month)  [schema/invalid-value]',
        'content/books/pi/27-chapter.evidence.yaml:6:16  sources[0].published  "2024-13" is not a real calendar date  (hint: months run from 01 to 12)  [schema/invalid-value]',
        'content/books/pi/27-chapter.evidence.yaml:7:10  sources[0].url  "javascript:alert(1)" must be an absolute http:// or https:// URL  (hint: only http:// and https:// URLs are linked; remove this one, or write the https:// address of the document)  [schema/invalid-value]',
        'content/books/pi/27-chapter.evidence.yaml:8:25  sources[0].identifiers.doi  expected a DOI such as 10.1145/3368089.3409742, got "x"  (hint: write the DOI itself, starting with "10." (no https://doi.org/ in front), e.g. 10.1145/3368089.3409742)  [schema/invalid-format]',
        'content/books/pi/27-chapter.evidence.yaml:8:35  sources[0].identifiers.arxiv  expected a string, got 1508.06576  (hint: quote it: "1508.06576")  [schema/invalid-type]',
        'content/books/pi/27-chapter.evidence.yaml:12:13  evidence[0].claims  list at least one claim id, got an empty list  (hint: list at least 1 entry)  [schema/too-small]',
        'content/books/pi/27-chapter.evidence.yaml:16:15  evidence[0].recorded  expected a date written as YYYY-MM-DD, got "2024-1-5"  (hint: did you mean "2024-01-05"?)  [schema/invalid-format]',
      ].join('\n'),
    );
    expect(errors('book', ['title: Pi', 'slug: pi', 'brief:', '  excerptLength: 100', '  investigate: []', 'notebooks:', '  github: not a repo'])).toBe(
      [
        'content/books/pi/book.yaml:4:18  brief.excerptLength  expected a number >= 200, got 100  (hint: write a whole number from 200 to 1,000,000)  [schema/too-small]',
        'content/books/pi/book.yaml:5:16  brief.investigate  expected at least 1 item, got 0  (hint: list at least 1 entry, or remove the key)  [schema/too-small]',
        'content/books/pi/book.yaml:7:11  notebooks.github  expected a GitHub repository as owner/name, got "not a repo"  (hint: write the repository as owner/name, e.g. example/notebooks)  [schema/invalid-format]',
      ].join('\n'),
    );
    expect(errors('book', ['title: Pi', 'slug: pi', 'description: "   "'])).toBe(
      'content/books/pi/book.yaml:3:14  description  must not be empty  (hint: write the text, or remove the key)  [schema/too-small]',
    );
  });

  it('reports one problem per field: an id that breaks the pattern is not also reported for "--"', () => {
    expect(errors('claims', ['claims:', '  - id: Session_Tree', '    anchor: { quote: ab }', '    verdict: { status: unverified }'])).toBe(
      [
        'content/books/pi/27-chapter.claims.yaml:2:9  claims[0].id  ids use lowercase ASCII letters, digits and single hyphens (e.g. "session-tree"), at most 80 characters, got "Session_Tree"  (hint: did you mean "session-tree"?)  [schema/invalid-format]',
        'content/books/pi/27-chapter.claims.yaml:3:22  claims[0].anchor.quote  a quote needs at least 3 characters to anchor reliably, got "ab"  (hint: quote the whole sentence as it reads in the prose)  [schema/too-small]',
      ].join('\n'),
    );
    expect(errors('claims', ['claims:', '  - id: a--b', '    anchor: directive', '    verdict: { status: unverified }'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:2:9  claims[0].id  ids may not contain "--", got "a--b"  (hint: did you mean "a-b"?)  [schema/invalid-value]',
    );
  });

  it('unmasks look-alike and invisible characters in ids', () => {
    expect(errors('claims', ['claims:', '  - id: s\u0435ssion', '    anchor: directive', '    verdict: { status: unverified }'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:2:9  claims[0].id  ids use lowercase ASCII letters, digits and single hyphens (e.g. "session-tree"), at most 80 characters, got "s\u0435ssion"  (hint: it contains "\u0435" (U+0435), which is not plain ASCII; retype it)  [schema/invalid-format]',
    );
    expect(errors('claims', ['claims:', '  - id: "ses\u200Bsion"', '    anchor: directive', '    verdict: { status: unverified }'])).toBe(
      'content/books/pi/27-chapter.claims.yaml:2:9  claims[0].id  ids use lowercase ASCII letters, digits and single hyphens (e.g. "session-tree"), at most 80 characters, got "ses\\u200bsion"  (hint: it contains "\\u200b" (U+200B), which is not plain ASCII; retype it)  [schema/invalid-format]',
    );
  });

  it('keeps a schema\'s own message for hex digests and counts', () => {
    expect(
      errors('claims', ['claims:', '  - id: a', '    anchor: directive', '    verdict:', '      status: unverified', '      textHash: abc']),
    ).toBe(
      'content/books/pi/27-chapter.claims.yaml:6:17  claims[0].verdict.textHash  expected 16 lowercase hex characters (`research-pack reviewed <claim>` records the textHash of the current wording), got "abc"  (hint: run `research-pack reviewed <claim>` to record the textHash of its current wording, or remove the key)  [schema/invalid-format]',
    );
  });

  it('rejects __proto__ as an unknown key instead of touching prototypes', () => {
    expect(errors('book', ['title: Pi', 'slug: pi', '__proto__: { polluted: true }'])).toBe(
      'content/books/pi/book.yaml:3:1  __proto__  unknown key "__proto__"; allowed keys: title, slug, description, notebooks, reviewAfterDays, brief  (hint: remove it, or check its spelling and indentation)  [schema/unknown-key]',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns data with defaults when valid, and no problems', () => {
    const schema = z.strictObject({ a: z.string(), b: z.number().default(2) });
    expect(validateSchema(schema, { a: 'x' }, { file: 'f.yaml', locate: () => ({ line: 1, column: 1 }) })).toEqual({ data: { a: 'x', b: 2 }, problems: [] });
  });

  it('describes long values briefly and keeps messages on one line', () => {
    const long = 'x'.repeat(600);
    const text = errors('book', [`title: ${long}`, 'slug: "pi\\nagents"']);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('is longer than 500 characters');
    expect(text).toContain(`"${'x'.repeat(60)}…" is longer than 500 characters`);
    expect(text).toContain('got "pi\\nagents"');
  });
});

describe('validateSchema: what the schemas alone do not say', () => {
  const claims = (concern: string) => `claims:\n  - id: a-b\n    anchor: directive\n    concern: ${concern}\n    verdict:\n      status: unverified\n`;

  it('refuses control characters written as escapes, at the value', () => {
    expect(formatProblems(loadSidecar('claims', claims('"x\\0y"'), 'c.yaml').problems)).toBe(
      'c.yaml:4:14  claims[0].concern  the text holds the control character U+0000 (NUL) at character 2  (hint: remove it (an escape such as "\\0" or "\\x1b" in double quotes writes one); text holds no control characters but tab and line breaks)  [schema/control-character]',
    );
    expect(formatProblems(loadSidecar('claims', claims('"\\e[2J"'), 'c.yaml').problems)).toContain('U+001B (ESC) at character 1');
    // Tab and line breaks are text.
    expect(loadSidecar('claims', claims('"a\\tb\\nc"'), 'c.yaml').problems).toEqual([]);
    // Half of a character, written as an escape, is refused, not turned into U+FFFD on every page (an outside reviewer's finding); a whole one is text.
    expect(formatProblems(loadSidecar('claims', claims('"lone \\ud800 surrogate"'), 'c.yaml').problems)).toBe(
      'c.yaml:4:14  claims[0].concern  the text holds half of a character, the lone surrogate U+D800, at character 6  (hint: write the character itself, or its whole escape ("\\U0001F600", or both halves "\\ud83d\\ude00"); an escape such as "\\ud800" alone is half of one)  [schema/control-character]',
    );
    expect(loadSidecar('claims', claims('"a \\ud83d\\ude00 face"'), 'c.yaml').problems).toEqual([]);
  });

  it('looks for control characters in the value only when its text could have written one', () => {
    const schema = z.strictObject({ a: z.string() });
    const locate = () => ({ line: 1, column: 1 });
    const rules = (text: string | undefined) => validateSchema(schema, { a: 'x\u0007y' }, { file: 'f.yaml', locate, text }).problems.map((problem) => problem.rule);
    // Without the text, and with a text that holds an escape or a control character, every string is looked at.
    expect(rules(undefined)).toEqual(['schema/control-character']);
    expect(rules('a: "x\\ay"\n')).toEqual(['schema/control-character']);
    expect(rules('a: x\u0007y\n')).toEqual(['schema/control-character']);
    // A text with neither cannot have written one: the walk is skipped (the value here is not that text's).
    expect(rules('a: xy\n')).toEqual([]);
    // Through the loaders, an escape in a sidecar or a chapter's frontmatter is still found.
    expect(formatProblems(loadSidecar('claims', claims('"x\\by"'), 'c.yaml').problems)).toContain('U+0008 (backspace) at character 2');
  });

  it('refuses text of only invisible characters (a title that renders as a blank heading)', () => {
    expect(formatProblems(loadSidecar('book', 'title: "\\u200b\\u2060"\nslug: demo\n', 'book.yaml').problems)).toBe(
      'book.yaml:1:8  title  has no visible character (only spaces, zero-width or format characters), got "\\u200b\\u2060"  (hint: it contains "\\u200b" (U+200B), which is not plain ASCII; retype it)  [schema/invalid-value]',
    );
    expect(loadSidecar('book', 'title: "Ünïcödé ✓"\nslug: demo\n', 'book.yaml').problems).toEqual([]);
  });

  it('calls a YAML merge key what it is, without a spelling hint', () => {
    const text = 'claims:\n  - id: a-b\n    anchor: directive\n    verdict:\n      <<: { status: unverified }\n      status: unverified\n';
    expect(formatProblems(loadSidecar('claims', text, 'c.yaml').problems)).toBe(
      'c.yaml:5:7  claims[0].verdict["<<"]  merge keys ("<<") are not read: sidecars use YAML 1.2, which has none  (hint: write the keys out in this mapping; sidecars need no anchors, aliases or merges)  [schema/unknown-key]',
    );
  });
});
