import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options.js';

describe('parseOptions', () => {
  it('applies defaults', () => {
    expect(parseOptions(undefined)).toEqual({
      contentDir: 'content/books',
      chapters: '/books',
      research: '/research',
      packs: true,
      report: true,
      reports: 'reports',
      frontmatter: 'strict',
      layout: '@research-pack/astro/components/ResearchPage.astro',
      restoreDirectives: 'everywhere',
    });
  });

  it('rejects a misspelled key, naming the known ones', () => {
    expect(() => parseOptions({ pack: false })).toThrowErrorMatchingInlineSnapshot(`
      [Error: Invalid researchPack() options:
      - "pack" (did you mean "packs"?): unknown option; known options are contentDir, chapters, research, site, packs, report, asOf, reports, frontmatter, layout, restoreDirectives]
    `);
  });

  it('names the option each of several misspelled keys probably means', () => {
    expect(() => parseOptions({ contentdir: 'books', chapter: '/c', zzz: 1 })).toThrow(
      'Invalid researchPack() options:\n- "contentdir" (did you mean "contentDir"?), "chapter" (did you mean "chapters"?), "zzz": unknown options; known options are',
    );
  });

  it('rejects a malformed URL prefix and a wrong type', () => {
    expect(() => parseOptions({ research: 'research/', packs: 'yes' })).toThrowErrorMatchingInlineSnapshot(`
      [Error: Invalid researchPack() options:
      - research: expected a URL path prefix such as "/research": a leading slash, no trailing slash
      - packs: Invalid input: expected boolean, received string]
    `);
  });

  it('accepts an asOf date and rejects a malformed one', () => {
    expect(parseOptions({ asOf: '2026-11-29' }).asOf).toBe('2026-11-29');
    expect(() => parseOptions({ asOf: '29/11/2026' })).toThrow('asOf: expected a date written as YYYY-MM-DD');
  });
});
