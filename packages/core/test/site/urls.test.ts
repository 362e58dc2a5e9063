import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URLS, bookStatusReportUrl, chapterUrls, claimFragment, claimUrl, packSchemaUrl, statusReportSchemaUrl, statusReportUrls, siteStatusReportUrl } from '../../src/site/urls.js';

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
});
