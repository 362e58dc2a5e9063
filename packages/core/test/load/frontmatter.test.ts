import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/problems/format.js';
import { loadFrontmatter } from '../../src/load/frontmatter.js';

const file = 'content/books/pi/27-chapter.mdx';
const errors = (source: string) => formatProblems(loadFrontmatter(source, file).problems);

describe('loadFrontmatter', () => {
  it('reads and validates the block, with defaults and no problems', () => {
    expect(loadFrontmatter('---\ntitle: The Session File Format\nnumber: 27\nsummary: How sessions are stored.\n---\n\n# Text\n', file)).toMatchObject({
      data: { title: 'The Session File Format', number: 27, summary: 'How sessions are stored.' },
      problems: [],
    });
  });

  it('counts positions from the top of the chapter file', () => {
    expect(errors('---\ntitle: Sessions\nnumber: 27\nsumary: x\n---\n')).toBe(
      'content/books/pi/27-chapter.mdx:4:1  sumary  unknown key "sumary"; allowed keys: title, number, summary  (hint: did you mean "summary"?)  [schema/unknown-key]',
    );
    expect(errors('---\ntitle: Sessions\nnumber: "27"\n---\n')).toBe(
      'content/books/pi/27-chapter.mdx:3:9  number  expected a number, got the string "27"  (hint: write it without quotes: 27)  [schema/invalid-type]',
    );
  });

  it('finds a control character written as an escape in the block', () => {
    expect(errors('---\ntitle: "Sessions\\x1b"\nnumber: 27\n---\n')).toBe(
      'content/books/pi/27-chapter.mdx:2:8  title  the text holds the control character U+001B (ESC) at character 9  (hint: remove it (an escape such as "\\0" or "\\x1b" in double quotes writes one); text holds no control characters but tab and line breaks)  [schema/control-character]',
    );
  });

  it('quotes a number-like value as written on its own line, to fix it', () => {
    expect(errors('---\ntitle: 0070\nnumber: 1\n---\n\nText\n')).toBe(`${file}:2:8  title  expected a string, got 70  (hint: quote it: "0070")  [schema/invalid-type]`);
    expect(errors('\uFEFF---\r\nnumber: 1\r\ntitle: 1e3\r\n---\r\n')).toBe(`${file}:3:8  title  expected a string, got 1000  (hint: quote it: "1e3")  [schema/invalid-type]`);
  });

  it('accepts a byte order mark and CRLF line endings', () => {
    const result = loadFrontmatter('\uFEFF---\r\ntitle: Sessions\r\nnumber: x\r\n---\r\nText\r\n', file);
    expect(formatProblems(result.problems)).toBe(
      'content/books/pi/27-chapter.mdx:3:9  number  expected a number, got the string "x"  (hint: write a number here)  [schema/invalid-type]',
    );
    expect(loadFrontmatter('\uFEFF---\r\ntitle: Sessions\r\nnumber: 1\r\n---\r\n', file).data).toEqual({ title: 'Sessions', number: 1 });
  });

  it('reports a missing, unclosed or empty block', () => {
    expect(errors('# Sessions\n')).toBe(
      'content/books/pi/27-chapter.mdx:1:1  the chapter has no frontmatter  (hint: start the file with "---", then "title: ..." and "number: ..." lines, then "---")  [chapter/missing-frontmatter]',
    );
    expect(errors('---\ntitle: Sessions\nnumber: 1\n\n# Sessions\n')).toBe(
      'content/books/pi/27-chapter.mdx:1:1  the frontmatter has no closing "---" line  (hint: end the frontmatter with a line containing only "---")  [chapter/unclosed-frontmatter]',
    );
    expect(errors('---\n---\n')).toBe(
      [
        'content/books/pi/27-chapter.mdx:2:1  title  missing required key "title"  (hint: add "title: ..." — the chapter\'s title)  [schema/missing-key]',
        'content/books/pi/27-chapter.mdx:2:1  number  missing required key "number"  (hint: add "number: ..." — the chapter number within the book)  [schema/missing-key]',
      ].join('\n'),
    );
  });

  it('reports YAML syntax errors in the block at their line', () => {
    expect(errors('---\ntitle: Sessions: the format\nnumber: 1\n---\n')).toBe(
      'content/books/pi/27-chapter.mdx:2:8  nested mappings are not allowed in compact mappings  (hint: a value containing ": " must be quoted, e.g. title: "Sessions: the file format"; a key must line up with the keys above it)  [yaml/syntax]',
    );
  });

  it('lets the host own the page in host mode: its keys pass, number may come from sidebar.order, summary from description', () => {
    const host = (source: string) => loadFrontmatter(source, file, { mode: 'host' });
    expect(host('---\ntitle: Sessions\ndescription: How sessions are stored.\nsidebar:\n  order: 27\n  badge: New\ntemplate: doc\n---\n')).toMatchObject({
      data: { title: 'Sessions', number: 27, summary: 'How sessions are stored.' },
      problems: [],
    });
    expect(host('---\ntitle: Sessions\nnumber: 3\nsummary: Mine.\ndescription: Theirs.\nsidebar: { order: 9 }\n---\n').data).toEqual({ title: 'Sessions', number: 3, summary: 'Mine.' });
    expect(formatProblems(host('---\ntitle: Sessions\ndescription: x\n---\n').problems)).toBe(
      'content/books/pi/27-chapter.mdx:2:1  number  missing required key "number"  (hint: add "number: ..." — the chapter number within the book; on Starlight, sidebar: { order: N } gives it when number is left out)  [schema/missing-key]',
    );
    expect(formatProblems(host('---\ntitle: Sessions\nnumber: two\n---\n').problems)).toContain('3:9  number  expected a number');
    // The strict default still refuses the host's keys.
    expect(errors('---\ntitle: Sessions\nnumber: 1\ndescription: x\n---\n')).toContain('unknown key "description"');
  });
});

describe('loadFrontmatter: TOML', () => {
  it('says the frontmatter is TOML, not that there is none', () => {
    expect(formatProblems(loadFrontmatter('+++\ntitle = "Sessions"\nnumber = 1\n+++\n\nText.\n', 'c.md').problems)).toBe(
      'c.md:1:1  the frontmatter is TOML ("+++"); chapters have YAML frontmatter  (hint: write it as YAML: start the file with "---", then "title: ..." and "number: ..." lines, then "---")  [chapter/missing-frontmatter]',
    );
  });
});
