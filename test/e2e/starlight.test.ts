/**
 * examples/starlight in Chromium: the demo book as Starlight docs with one
 * plugin line. Claims are marked and open by keyboard, the popovers follow
 * Starlight's theme switch (also against the system's scheme), axe finds
 * nothing serious, research pages are Starlight pages whose report fits
 * beside the sidebar, and Starlight's asides and directive-like text are
 * intact. Screenshots go to test-results/e2e/starlight-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STARLIGHT_PAGES, VIEWPORTS, expectCaptionsToFit, launchChromium, openStarlightPage, screenshotPath, seriousViolations } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openWithKeyboard(page: Page, index: number): Promise<void> {
  const marker = page.locator('.rp-marker').nth(index);
  await marker.scrollIntoViewIfNeeded();
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(1);
}

/** The popover's background as the browser paints it. */
function popoverBackground(page: Page): Promise<string> {
  return page.locator('.rp-popover:popover-open').evaluate((element) => getComputedStyle(element).backgroundColor);
}

describe('examples/starlight', () => {
  test.each(STARLIGHT_PAGES.chapters)('%s: every claim is marked; a marker opens its popover by keyboard, Escape closes it', async (path) => {
    const page = await openStarlightPage(browser, path);
    const markers = await page.locator('.rp-claim > .rp-marker').count();
    expect(markers).toBeGreaterThan(0);
    expect(await page.locator('.rp-popovers > .rp-popover').count()).toBe(markers);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    await openWithKeyboard(page, 0);
    await page.keyboard.press('Escape');
    await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toBe('rp-marker');
    await page.context().close();
  });

  test("Starlight's theme switch turns the popovers dark on a light system, and light on a dark one", async () => {
    const light = await openStarlightPage(browser, STARLIGHT_PAGES.chapters[1], { colorScheme: 'light' });
    await openWithKeyboard(light, 3);
    const lightBackground = await popoverBackground(light);
    await light.keyboard.press('Escape');
    await light.locator('starlight-theme-select select').first().selectOption('dark');
    await expect(light.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await openWithKeyboard(light, 3);
    const darkBackground = await popoverBackground(light);
    await light.screenshot({ path: screenshotPath('starlight-chapter-popover-dark-toggle') });
    expect(darkBackground).not.toBe(lightBackground);
    // The popover is Starlight's own surface in each theme.
    await expect(light.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sl-color-bg-nav'))).resolves.not.toBe('');
    await light.context().close();

    const dark = await openStarlightPage(browser, STARLIGHT_PAGES.chapters[1], { colorScheme: 'dark' });
    await dark.locator('starlight-theme-select select').first().selectOption('light');
    await openWithKeyboard(dark, 3);
    expect(await popoverBackground(dark)).toBe(lightBackground);
    await dark.context().close();
  });

  test.each([
    ['chapter, popover open', STARLIGHT_PAGES.chapters[1], true],
    ['guide', STARLIGHT_PAGES.guide, false],
    ['research pack', STARLIGHT_PAGES.pack, false],
    ['research report', STARLIGHT_PAGES.report, false],
  ] as const)('axe finds no serious violation: %s, light and dark', async (_name, path, open) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openStarlightPage(browser, path, { colorScheme });
      if (open) await openWithKeyboard(page, 3);
      expect(await seriousViolations(page), `${path} ${colorScheme}`).toEqual([]);
      await page.context().close();
    }
  });

  test.each([
    ['report', STARLIGHT_PAGES.report],
    ['book-report', STARLIGHT_PAGES.bookReport],
    ['pack', STARLIGHT_PAGES.pack],
  ])("%s is a Starlight page: header, search, sidebar and theme switch; the report's tables fit at 1280 px", async (name, path) => {
    const page = await openStarlightPage(browser, path, { viewport: VIEWPORTS.desktop });
    await expect(page.locator('header.header site-search').count()).resolves.toBe(1);
    await expect(page.locator('#starlight__sidebar').isVisible()).resolves.toBe(true);
    await expect(page.locator('starlight-theme-select').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('.sl-markdown-content .rp-starlight-research article').count()).resolves.toBe(1);
    await expect(page.locator('h1:visible').count()).resolves.toBe(1);
    if (name !== 'pack') {
      const overflowing = await page.$$eval('.rp-report-table', (tables) =>
        tables.map((table) => table.closest('.rp-table-scroll')!).filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.querySelector('caption')?.textContent),
      );
      expect(overflowing).toEqual([]);
    }
    await page.screenshot({ path: screenshotPath(`starlight-${name}-desktop`), fullPage: true });
    await page.context().close();
  });

  test("Starlight's asides and directive-like text are intact, on the book's pages and the others", async () => {
    const guide = await openStarlightPage(browser, STARLIGHT_PAGES.guide);
    await expect(guide.locator('aside.starlight-aside--tip').isVisible()).resolves.toBe(true);
    await expect(guide.locator('aside.starlight-aside--caution .starlight-aside__title').textContent()).resolves.toContain('Leads are not evidence');
    await expect(guide.locator('.sl-markdown-content').textContent()).resolves.toContain('the meeting is at 12:45, note:this stays, and so does the 10:30 train.');
    await expect(guide.locator('.sl-markdown-content').textContent()).resolves.not.toContain(':::');
    await guide.screenshot({ path: screenshotPath('starlight-guide-desktop') });
    await guide.context().close();
    const home = await openStarlightPage(browser, STARLIGHT_PAGES.home);
    await expect(home.locator('aside.starlight-aside--note').isVisible()).resolves.toBe(true);
    await home.context().close();
    const chapter = await openStarlightPage(browser, STARLIGHT_PAGES.chapters[1]);
    await expect(chapter.locator('.sl-markdown-content').textContent()).resolves.toContain('A session started at 10:30 UTC');
    await chapter.context().close();
  });

  test("Starlight's search finds a chapter's words on the chapter before its research pages, which repeat them (a Starlight user's finding)", async () => {
    const page = await openStarlightPage(browser, STARLIGHT_PAGES.home);
    for (const query of ['session', 'header', 'tree', 'compaction']) {
      // As a string: the test runner would rewrite an import() in a function it is given.
      const urls = await page.evaluate<string[]>(
        `(async () => { const pagefind = await import('/pagefind/pagefind.js'); const found = await pagefind.search(${JSON.stringify(query)}); return Promise.all(found.results.map(async (result) => (await result.data()).url)); })()`,
      );
      const chapters = urls.filter((url) => /^\/pi\/\d+-chapter\/$/.test(url));
      const research = urls.filter((url) => url.startsWith('/research/'));
      expect(chapters.length, `"${query}": ${urls.join(' ')}`).toBeGreaterThan(0);
      expect(research.length, `"${query}": ${urls.join(' ')}`).toBeGreaterThan(0);
      // The chapter that has the words most ranks first, above the research pages that repeat them (its pack's title,
      // which Starlight weighs as a heading, may still come before the other chapters).
      expect(urls[0], `"${query}": ${urls.join(' ')}`).toMatch(/^\/pi\/\d+-chapter\/$/);
      for (const page of ['/research/', '/research/books/pi/']) if (urls.includes(page)) expect(urls.indexOf(page), `"${query}": ${urls.join(' ')}`).toBeGreaterThan(urls.indexOf(chapters[0]!));
    }
    await page.context().close();
  });

  test.each([STARLIGHT_PAGES.pack, STARLIGHT_PAGES.bookReport, STARLIGHT_PAGES.report])("%s on a phone: every table caption spans what its scroll box shows (a Starlight user's finding: 26 px, one word per line)", async (path) => {
    const page = await openStarlightPage(browser, path, { viewport: VIEWPORTS.mobile });
    await expectCaptionsToFit(page);
    await page.context().close();
  });

  test.each(['desktop', 'mobile'] as const)('a chapter with an open popover, %s (screenshot)', async (viewport) => {
    const page = await openStarlightPage(browser, STARLIGHT_PAGES.chapters[1], { viewport: VIEWPORTS[viewport] });
    await openWithKeyboard(page, 8);
    await page.screenshot({ path: screenshotPath(`starlight-chapter-popover-${viewport}`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.context().close();
  });
});
