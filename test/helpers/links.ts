/**
 * A crawler for a built site: every internal link, stylesheet, script and
 * image of every HTML page must resolve to a file in `dist/`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { listFiles } from './site-build.js';

/** A link that leads nowhere. */
export interface BrokenLink {
  /** The page it is on, relative to `dist/`. */
  page: string;
  /** The URL as written. */
  href: string;
}

/**
 * Every internal URL of the site's pages that no built file answers.
 * @param dist the build's output folder.
 * @param site the site's origin (`https://books.example.org`): absolute URLs on it are internal too.
 * @returns the broken links, in page order.
 */
export function brokenLinks(dist: string, site?: string): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const page of listFiles(dist).filter((file) => file.endsWith('.html'))) {
    const html = readFileSync(path.join(dist, page), 'utf8');
    const pageUrl = new URL(`/${page.replace(/(^|\/)index\.html$/, '$1')}`, 'http://site.invalid');
    for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const href = match[1]!.replace(/&amp;/g, '&');
      if (href === '' || href.startsWith('#') || /^(?:mailto|data|javascript):/i.test(href)) continue;
      const url = internalUrl(href, pageUrl, site);
      if (!url) continue;
      if (!resolves(dist, decodeURIComponent(url.pathname))) broken.push({ page, href });
    }
  }
  return broken;
}

function internalUrl(href: string, pageUrl: URL, site: string | undefined): URL | undefined {
  if (site && href.startsWith(site)) return new URL(href.slice(site.length) || '/', pageUrl);
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return undefined;
  return new URL(href, pageUrl);
}

function resolves(dist: string, pathname: string): boolean {
  const file = path.join(dist, ...pathname.split('/').filter(Boolean));
  // `/404/` is answered by `404.html` (the one page Astro writes as a file).
  if (pathname.endsWith('/')) return existsSync(path.join(file, 'index.html')) || existsSync(`${file}.html`);
  if (existsSync(file) && statSync(file).isFile()) return true;
  return existsSync(`${file}.html`) || existsSync(path.join(file, 'index.html'));
}
