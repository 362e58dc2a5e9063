/**
 * The research pages in Chromium: the research pack with its downloads (the
 * snapshot's sha256 is the fingerprint the pack shows), and the reports with
 * their SVG charts announced as images with a title and a description.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGES, VIEWPORTS, expectCaptionsToFit, launchChromium, openPage, url } from './browser.js';

const PACKS = PAGES.chapters.map((chapter) => chapter.replace('/books/', '/research/books/'));

/** What each download of a pack must be. */
const DOWNLOADS: Record<string, RegExp> = {
  'chapter-snapshot.txt': /^text\/plain\b/,
  'brief.md': /^text\/markdown\b/,
  'report.md': /^text\/markdown\b/,
  'pack.json': /^application\/json\b/,
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the research pack', () => {
  test("leads back to the site and to the book-wide report (a reader's finding: no way anywhere but its own links)", async () => {
    const page = await openPage(browser, PAGES.pack);
    // The first Tab reaches a skip link to the page's content, as on the book's pages (a reader's finding).
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => [document.activeElement?.textContent, document.activeElement?.getAttribute('href')])).resolves.toEqual(['Skip to content', '#main']);
    await expect(page.locator('main#main').count()).resolves.toBe(1);
    const nav = page.getByRole('navigation', { name: 'Site' });
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual(['Home', 'Research report']);
    await Promise.all([page.waitForURL(url(PAGES.report)), nav.getByRole('link', { name: 'Research report' }).click()]);
    // On the report itself, the link to it is left out; Home leads home.
    await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link').allTextContents()).resolves.toEqual(['Home']);
    await Promise.all([page.waitForURL(url('/')), page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Home' }).click()]);
    await page.context().close();
  });

  test('has one h1 naming the chapter, its sections, and a row for every claim of the chapter', async () => {
    const chapter = await openPage(browser, PAGES.chapter);
    const claimIds = await chapter.locator('.rp-claim').evaluateAll((claims) => claims.map((claim) => (claim as HTMLElement).dataset.claimId));
    const title = await chapter.locator('h1').textContent();
    await chapter.context().close();

    const page = await openPage(browser, PAGES.pack);
    await expect(page.locator('h1').allTextContents()).resolves.toEqual([`Chapter 26: ${title}`]);
    const sections = await page.locator('h2').allTextContents();
    expect(sections).toEqual(expect.arrayContaining(['Downloads', 'Claim audit', 'Source ledger']));
    for (const id of claimIds) await expect(page.locator(`.rp-claim-audit tr:has(a:text-is("${id}"))`).count(), id).resolves.toBe(1);
    // Every table says what it is, and sits in a scroll box that is a named,
    // focusable region (so a wide table scrolls by keyboard too, not the page).
    const tables = await page.locator('table').evaluateAll((elements) =>
      elements.map((table) => {
        const box = table.parentElement!;
        return {
          caption: table.querySelector('caption')?.textContent?.trim() ?? '',
          region: box.getAttribute('role'),
          name: box.getAttribute('aria-label'),
          focusable: box.tabIndex === 0,
          overflow: getComputedStyle(box).overflowX,
        };
      }),
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      expect(table.caption).not.toBe('');
      expect(table).toEqual({ caption: table.caption, region: 'region', name: table.caption, focusable: true, overflow: 'auto' });
    }
    await page.context().close();
  });

  test.each(PACKS)('%s: downloads load with the right type, and the snapshot hashes to the fingerprint shown', async (pack) => {
    const page = await openPage(browser, pack);
    const fingerprint = (await page.locator('.rp-fingerprint').textContent())?.trim() ?? '';
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const title = (await page.locator('.rp-identity dt:text-is("Chapter") + dd').textContent())?.trim() ?? '';
    expect(title).not.toBe('');

    const links = await page.locator('.rp-downloads a[download]').evaluateAll((elements) =>
      elements.map((link) => ({ name: link.getAttribute('download') ?? '', href: (link as HTMLAnchorElement).href })),
    );
    expect(links.map((link) => link.name).sort()).toEqual(Object.keys(DOWNLOADS).sort());

    const bodies: Record<string, Buffer> = {};
    for (const link of links) {
      const response = await page.request.get(link.href);
      expect(response.status(), link.href).toBe(200);
      expect(response.headers()['content-type'], link.href).toMatch(DOWNLOADS[link.name]!);
      // The link itself downloads the file under its name.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`.rp-downloads a[download="${link.name}"]`).click()]);
      expect(download.suggestedFilename()).toBe(link.name);
      const body = await readFile((await download.path())!);
      expect(body.equals(await response.body()), `${link.name}: the download is what the server sends`).toBe(true);
      bodies[link.name] = body;
    }

    expect(createHash('sha256').update(bodies['chapter-snapshot.txt']!).digest('hex')).toBe(fingerprint);
    const json = JSON.parse(bodies['pack.json']!.toString('utf8')) as { fingerprint: { algorithm: string; value: string }; identity: { chapter: { title: string } } };
    expect(json.fingerprint).toEqual({ algorithm: 'sha256', value: fingerprint });
    expect(json.identity.chapter.title).toBe(title);
    expect(bodies['brief.md']!.toString('utf8')).toContain(title);
    await page.context().close();
  });
});

async function charts(page: Page) {
  return page.locator('svg.rp-chart').evaluateAll((svgs) =>
    svgs.map((svg) => {
      const ids = (svg.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
      const box = svg.getBoundingClientRect();
      return {
        role: svg.getAttribute('role'),
        labelledBy: ids.map((id) => document.getElementById(id)?.tagName.toLowerCase() ?? `missing #${id}`),
        ownLabels: ids.every((id) => svg.contains(document.getElementById(id))),
        title: svg.querySelector(':scope > title')?.textContent ?? '',
        desc: svg.querySelector(':scope > desc')?.textContent ?? '',
        scripts: svg.querySelectorAll('script, foreignObject').length,
        width: box.width,
        height: box.height,
      };
    }),
  );
}

describe('research pages on a phone', () => {
  test.each([PAGES.pack, PAGES.bookReport, PAGES.report])('%s: every table caption spans what its scroll box shows, not one word per line', async (path) => {
    const page = await openPage(browser, path, { viewport: VIEWPORTS.mobile });
    await expectCaptionsToFit(page);
    await page.context().close();
  });

  test.each(['light', 'dark'] as const)("%s: a table wider than its box shows a visible shadow at each edge it runs past, and none at its ends (outside readers' finding: a cut column read as the table's end)", async (colorScheme) => {
    const page = await openPage(browser, PAGES.pack, { viewport: VIEWPORTS.mobile, colorScheme });
    const box = page.locator('.rp-table-scroll').filter({ has: page.locator('.rp-source-ledger') }).first();
    await box.scrollIntoViewIfNeeded();
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth + 50)).toBe(true);
    // Only the box's own painting is compared: the table's text and rules are made transparent.
    await page.addStyleTag({ content: '.rp-table-scroll * { color: transparent !important; border-color: transparent !important; text-decoration-color: transparent !important; }' });
    // The mean luminance (0 to 255) of a strip 4 px wide over the table's body: at the box's inner edges, or in a cell's padding inside.
    const strip = async (where: 'left' | 'right' | 'inside') => {
      const place = await box.evaluate((element, at) => {
        const outer = element.getBoundingClientRect();
        const head = element.querySelector('thead')!.getBoundingClientRect();
        const cell = [...element.querySelectorAll('tbody tr:first-child > *')].find((candidate) => candidate.getBoundingClientRect().left > outer.left + 40 && candidate.getBoundingClientRect().left < outer.right - 40)!.getBoundingClientRect();
        const x = at === 'left' ? outer.left + 2 : at === 'right' ? outer.right - 6 : cell.left + 3;
        return { x, y: head.bottom + 2, width: 4, height: Math.min(outer.bottom, window.innerHeight) - head.bottom - 6 };
      }, where);
      const png = (await page.screenshot({ clip: place })).toString('base64');
      return page.evaluate(async (data) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data: pixels } = context.getImageData(0, 0, image.width, image.height);
        let sum = 0;
        for (let index = 0; index < pixels.length; index += 4) sum += 0.2126 * pixels[index]! + 0.7152 * pixels[index + 1]! + 0.0722 * pixels[index + 2]!;
        return sum / (pixels.length / 4);
      }, png);
    };
    const plain = await strip('inside');
    expect(Math.abs((await strip('left')) - plain), 'no shadow at the start').toBeLessThan(1);
    expect(Math.abs((await strip('right')) - plain), 'a visible shadow where the table goes on').toBeGreaterThan(6);
    await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const plainAtEnd = await strip('inside');
    expect(Math.abs((await strip('left')) - plainAtEnd), 'a visible shadow where the table began').toBeGreaterThan(6);
    expect(Math.abs((await strip('right')) - plainAtEnd), 'no shadow at the end').toBeLessThan(1);
    await page.context().close();
  });
});

describe('research pages in print', () => {
  test.each([PAGES.pack, PAGES.bookReport, PAGES.report])("%s: every table fits an A4 page, no column cut off (a reader's finding)", async (path) => {
    // A4 at 96 dpi, less the printer's margins.
    const page = await openPage(browser, path, { viewport: { width: 718, height: 1047 } });
    await page.emulateMedia({ media: 'print' });
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tables: [...document.querySelectorAll('table')].filter((table) => table.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((table) => table.querySelector('caption')?.textContent ?? '?'),
    }));
    expect(overflow).toEqual({ page: 0, tables: [] });
    await page.context().close();
  });
});

describe('the reports', () => {
  test.each([PAGES.bookReport, PAGES.report])('%s: each chart is an image titled and described in words, with every count', async (path) => {
    const page = await openPage(browser, path);
    await expect(page.locator('h1').count()).resolves.toBe(1);
    const found = await charts(page);
    expect(found).toHaveLength(3);
    for (const chart of found) {
      expect(chart).toMatchObject({ role: 'img', labelledBy: ['title', 'desc'], ownLabels: true, scripts: 0 });
      expect(chart.title).toMatch(/^Claims by status: Chapter \d+: /);
      const match = /^(\d+) claims?: (\d+) supported, (\d+) qualified, (\d+) contradicted, (\d+) unverified, (\d+) stale, (\d+) review due\.$/.exec(chart.desc);
      expect(match, chart.desc).not.toBeNull();
      const [total, ...counts] = match!.slice(1).map(Number);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(total);
      expect(chart.width).toBeGreaterThan(100);
      expect(chart.height).toBeGreaterThan(20);
    }
    // Announced as images whose name carries the title and the counts.
    const images = page.getByRole('img', { name: /^Claims by status: Chapter \d+: .+ \d+ claims?: / });
    await expect(images.count()).resolves.toBe(found.length);
    // The chapter table agrees with the charts.
    const rows = await page.locator('table.rp-report-table').evaluateAll((tables) =>
      (tables as HTMLTableElement[])
        .filter((table) => table.caption?.textContent?.startsWith('Chapters of'))
        .flatMap((table) => [...table.tBodies[0]!.rows].map((tr) => Number(tr.querySelector('td')?.textContent))),
    );
    expect(rows).toEqual(found.map((chart) => Number(/^(\d+)/.exec(chart.desc)![1])));
    await page.context().close();
  });
});
