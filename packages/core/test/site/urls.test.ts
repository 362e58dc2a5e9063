import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URLS, bookStatusReportUrl, chapterPageUrl, researchPatterns, urlPatternProblem, chapterUrls, claimFragment, claimUrl, packSchemaUrl, statusReportSchemaUrl, statusReportUrls, siteStatusReportUrl } from '../../src/site/urls.js';

describe('urls', () => {
  it('derives root-relative chapter, pack and artifact URLs with the default prefixes', () => {
    expect(chapterUrls(DEFAULT_SITE_URLS, 'pi', '27-chapter')).toEqual({
      chapter: '/books/pi/27-chapter/',
      pack: '/research/books/pi/27-chapter/',
      snapshot: '/research/books/pi/27-chapter/chapter-snapshot.txt',
      brief: '/research/books/pi/27-chapter/brief.md',
      report: '/research/books/pi/27-chapter/report.md',
      packJson: '/research/books/pi/27-chapter/pack.json',
      bookReport: '/research/books/pi/',
      siteReport: '/research/',
    });
  });

  it('makes every URL absolute when the site is set, with a base path and any slashes', () => {
    const urls = { site: 'https://example.org/docs/', chapters: 'read/', research: '/rp/' };
    expect(chapterUrls(urls, 'pi', '27-chapter').chapter).toBe('https://example.org/docs/read/pi/27-chapter/');
    expect(chapterUrls(urls, 'pi', '27-chapter').snapshot).toBe('https://example.org/docs/rp/books/pi/27-chapter/chapter-snapshot.txt');
    expect(bookStatusReportUrl(urls, 'pi')).toBe('https://example.org/docs/rp/books/pi/');
    expect(siteStatusReportUrl(urls)).toBe('https://example.org/docs/rp/');
    expect(statusReportUrls(urls)).toEqual({ page: 'https://example.org/docs/rp/', json: 'https://example.org/docs/rp/report.json', markdown: 'https://example.org/docs/rp/report.md' });
    expect(statusReportUrls(urls, 'pi').json).toBe('https://example.org/docs/rp/books/pi/report.json');
    expect(packSchemaUrl(urls)).toBe('https://example.org/docs/rp/schemas/pack.schema.json');
    expect(statusReportSchemaUrl(DEFAULT_SITE_URLS)).toBe('/research/schemas/report.schema.json');
    expect(siteStatusReportUrl({ site: '', chapters: '/', research: '/' })).toBe('/');
  });

  it('encodes slug segments', () => {
    expect(chapterUrls(DEFAULT_SITE_URLS, 'pi', 'a b?c').chapter).toBe('/books/pi/a%20b%3Fc/');
  });

  it('links claims on the chapter page as #rp-claim-<id>', () => {
    expect(claimFragment('tree')).toBe('rp-claim-tree');
    expect(claimUrl(DEFAULT_SITE_URLS, 'pi', '27-chapter', 'tree')).toBe('/books/pi/27-chapter/#rp-claim-tree');
  });

  it('puts chapters at the site root, in a pattern or where a function says', () => {
    expect(chapterPageUrl({ site: '', chapters: '/', research: '/research' }, 'pi', '27-chapter')).toBe('/pi/27-chapter/');
    expect(chapterPageUrl({ site: 'https://x.org/docs', chapters: '/read/[chapter]', research: '/research' }, 'pi', '27-chapter')).toBe('https://x.org/docs/read/27-chapter/');
    expect(chapterPageUrl({ site: '', chapters: '/[book]/part-1/[chapter]/', research: '/research' }, 'pi', 'a b')).toBe('/pi/part-1/a%20b/');
    const byFunction = { site: '', chapters: ({ book, chapter }: { book: string; chapter: string }) => `guide/${book}-${chapter}`, research: '/research' };
    expect(chapterPageUrl(byFunction, 'pi', '27-chapter')).toBe('/guide/pi-27-chapter/');
    expect(claimUrl(byFunction, 'pi', '27-chapter', 'tree')).toBe('/guide/pi-27-chapter/#rp-claim-tree');
  });

  it('places research pages by pattern', () => {
    const urls = { site: '', chapters: '/', research: { report: '/status/', book: '/status/[book]/', pack: '/packs/[book]/[chapter]/', schemas: '/status/schemas/' } };
    expect(chapterUrls(urls, 'pi', '27-chapter')).toMatchObject({ pack: '/packs/pi/27-chapter/', brief: '/packs/pi/27-chapter/brief.md', bookReport: '/status/pi/', siteReport: '/status/' });
    expect(packSchemaUrl(urls)).toBe('/status/schemas/pack.schema.json');
    expect(researchPatterns('/rp/')).toEqual({ report: '/rp/', book: '/rp/books/[book]/', pack: '/rp/books/[book]/[chapter]/', schemas: '/rp/schemas/' });
  });

  it('says what is wrong with a URL pattern', () => {
    const check = (pattern: string) => urlPatternProblem(pattern, ['chapter'], ['book', 'chapter']);
    expect(check('/[book]/[chapter]/')).toBeUndefined();
    expect(check('[chapter]')).toBe('must start with "/"');
    expect(check('/[book]/')).toBe('needs [chapter]');
    expect(check('/[slug]/[chapter]')).toBe('has the unknown placeholder [slug]; placeholders are [book], [chapter]');
    expect(check('/a//[chapter]')).toBe('has an empty segment ("//")');
    expect(check('/[book]-[chapter]')).toBe('has two placeholders in one segment; give each its own');
    expect(check('/x?[chapter]')).toBe('must be a path: no spaces, "?", "#" or backslashes');
  });
});
