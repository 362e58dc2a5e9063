/**
 * Chapter pages in Chromium: each claim shows its status, the marker is a
 * named button reachable with Tab, Enter or Space opens its evidence (an HTML
 * popover, no script), Escape closes it, its links work, and print writes the
 * status out. The context runs with JavaScript disabled: none is needed.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGES, launchChromium, openPage, url } from './browser.js';

const STATUS_WORDS: Record<string, string> = {
  supported: 'supported',
  qualified: 'qualified',
  contradicted: 'contradicted',
  unverified: 'unverified',
  stale: 'stale',
  'review-due': 'review due',
};

/** What a marker counts: "2 sources", "no sources"; with leads, "1 validated source, 2 leads" (a lead is never a source). */
const COUNT = String.raw`(no sources|1 source|\d+ sources|(no validated sources|1 validated source|\d+ validated sources), (1 lead|\d+ leads))`;
/** "Claim, supported: 2 sources", "Claim, stale, was supported: 1 source", "Claim, qualified, review due: no sources", "Claim, unverified: no validated sources, 2 leads". */
const NAME = new RegExp(String.raw`^Claim, (supported|qualified|contradicted|unverified|stale, was \w+|\w+, review due): ${COUNT}$`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openChapter(path: string = PAGES.chapter): Promise<Page> {
  return openPage(browser, path, { javaScriptEnabled: false });
}

/** Press Tab until the focus is on a claim marker; fail if it never gets there. */
async function tabToFirstMarker(page: Page): Promise<void> {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('rp-marker') ?? false)) return;
  }
  throw new Error('30 presses of Tab never reached a claim marker');
}

async function focusedMarkerTarget(page: Page): Promise<string> {
  return page.evaluate(() => {
    const marker = document.activeElement;
    if (!marker?.classList.contains('rp-marker')) throw new Error(`focus is on ${marker?.outerHTML.slice(0, 80)}, not on a marker`);
    return marker.getAttribute('popovertarget') ?? '';
  });
}

/** Chromium's own accessibility tree (not Playwright's computation): the node of the first element matching a selector. */
async function axNode(cdp: CDPSession, selector: string): Promise<{ role: string; name: string; properties: Record<string, unknown> }> {
  const { result } = await cdp.send('Runtime.evaluate', { expression: `document.querySelector(${JSON.stringify(selector)})` });
  if (!result.objectId) throw new Error(`no element ${selector}`);
  const { node: domNode } = await cdp.send('DOM.describeNode', { objectId: result.objectId });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { backendNodeId: domNode.backendNodeId, fetchRelatives: false });
  const node = nodes.find((candidate) => candidate.backendDOMNodeId === domNode.backendNodeId) ?? nodes[0];
  if (!node || node.ignored) throw new Error(`${selector} is not in the accessibility tree`);
  return {
    role: String(node.role?.value ?? ''),
    name: String(node.name?.value ?? ''),
    properties: Object.fromEntries((node.properties ?? []).map((property) => [property.name, property.value.value])),
  };
}

describe('a claim on a chapter page', () => {
  test('every claim shows its status as a word and a symbol, and the demo book shows every status', async () => {
    const seen = new Set<string>();
    for (const path of PAGES.chapters) {
      const page = await openChapter(path);
      const claims = await page.locator('.rp-claim').evaluateAll((elements) =>
        elements.map((claim) => {
          const marker = claim.querySelector(':scope > .rp-marker');
          const box = marker?.getBoundingClientRect();
          return {
            id: claim.id,
            status: (claim as HTMLElement).dataset.status ?? '',
            text: (claim.textContent ?? '').trim().length,
            word: marker?.querySelector('.rp-marker-word')?.textContent ?? '',
            symbol: marker?.querySelector('.rp-marker-symbol')?.textContent ?? '',
            shown: box !== undefined && box.width > 8 && box.height > 8 && getComputedStyle(marker!).visibility === 'visible',
          };
        }),
      );
      expect(claims.length, `claims on ${path}`).toBeGreaterThan(0);
      for (const claim of claims) {
        expect(claim.status, claim.id).toBeOneOf(Object.keys(STATUS_WORDS));
        expect(claim, claim.id).toMatchObject({ word: STATUS_WORDS[claim.status], shown: true });
        expect(claim.symbol, claim.id).not.toBe('');
        expect(claim.text, claim.id).toBeGreaterThan(0);
        seen.add(claim.status);
      }
      await page.context().close();
    }
    expect([...seen].sort()).toEqual(Object.keys(STATUS_WORDS).sort());
  });

  test('each marker is a button named "Claim, <status>: N sources" in Chromium\'s accessibility tree', async () => {
    const page = await openChapter();
    const cdp = await page.context().newCDPSession(page);
    const claims = await page.locator('.rp-claim').evaluateAll((elements) => elements.map((claim) => ({ id: claim.id, status: (claim as HTMLElement).dataset.status ?? '' })));
    for (const claim of claims) {
      const node = await axNode(cdp, `#${claim.id} > .rp-marker`);
      expect(node.role, claim.id).toBe('button');
      expect(node.name, claim.id).toMatch(NAME);
      expect(node.name, claim.id).toContain(STATUS_WORDS[claim.status]!.split(' ')[0]);
      expect(node.properties.expanded, `${claim.id} is collapsed`).toBe(false);
    }
    // Playwright's own view agrees: one named button per claim.
    await expect(page.getByRole('button', { name: NAME }).count()).resolves.toBe(claims.length);
    await page.context().close();
  });

  test('Tab reaches the first marker; Enter opens its popover, Escape closes it and focus stays on the marker; Space opens it too', async () => {
    const page = await openChapter();
    const cdp = await page.context().newCDPSession(page);
    await tabToFirstMarker(page);
    const first = await page.locator('.rp-marker').first().getAttribute('popovertarget');
    const target = await focusedMarkerTarget(page);
    expect(target).toBe(first);
    await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(0);

    await page.keyboard.press('Enter');
    await expect(page.locator('.rp-popover:popover-open').evaluateAll((open) => open.map((element) => element.id))).resolves.toEqual([target]);
    await expect(page.locator(`#${target}`).isVisible()).resolves.toBe(true);
    expect((await axNode(cdp, `.rp-marker[popovertarget="${target}"]`)).properties.expanded).toBe(true);

    await page.keyboard.press('Escape');
    await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(0);
    await expect(page.locator(`#${target}`).isVisible()).resolves.toBe(false);
    await expect(focusedMarkerTarget(page)).resolves.toBe(target);

    await page.keyboard.press('Space');
    await expect(page.locator('.rp-popover:popover-open').evaluateAll((open) => open.map((element) => element.id))).resolves.toEqual([target]);
    await page.keyboard.press('Escape');
    await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(0);
    await page.context().close();
  });

  test('the open popover is announced as a dialog named like its marker, with its evidence as a list', async () => {
    const page = await openChapter();
    const cdp = await page.context().newCDPSession(page);
    await tabToFirstMarker(page);
    const target = await focusedMarkerTarget(page);
    const name = await page.locator(`.rp-marker[popovertarget="${target}"]`).getAttribute('aria-label');
    expect(name).toMatch(NAME);
    await page.keyboard.press('Enter');

    const node = await axNode(cdp, `#${target}`);
    expect(node).toMatchObject({ role: 'dialog', name });
    const snapshot = await page.locator(`#${target}`).ariaSnapshot();
    // The first line is `- dialog "<name>":`, quoted as YAML when the name has a colon.
    expect(snapshot.split('\n')[0]!.replace(/^- '(.*)':$/, '- $1:')).toBe(`- dialog "${name}":`);
    expect(snapshot).toMatch(/- strong: "Verdict: \w+"/);
    expect(snapshot).toMatch(/- list "Evidence":\n\s+- listitem:/);
    expect(snapshot).toContain('- link "Research pack for this chapter"');
    expect(snapshot).toMatch(/- button "Close"$/);
    // A closed popover is not in the accessibility tree.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.context().close();
  });

  test('from an open popover, Tab moves into its links', async () => {
    const page = await openChapter();
    await tabToFirstMarker(page);
    const target = await focusedMarkerTarget(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const inside = await page.evaluate((id) => {
      const focused = document.activeElement;
      return { tag: focused?.tagName, inPopover: focused?.closest('.rp-popover')?.id === id };
    }, target);
    expect(inside).toEqual({ tag: 'A', inPopover: true });
    await page.context().close();
  });

  test('the Close button in the popover closes it and gives the focus back to the marker', async () => {
    const page = await openChapter();
    await tabToFirstMarker(page);
    const target = await focusedMarkerTarget(page);
    await page.keyboard.press('Enter');
    // Tab on through the popover's links to its Close button.
    for (let presses = 0; presses < 20; presses++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.classList.contains('rp-close') ?? false)) break;
    }
    await expect(page.evaluate(() => document.activeElement?.closest('.rp-popover')?.id)).resolves.toBe(target);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Close');
    await page.keyboard.press('Enter');
    await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(0);
    await expect(focusedMarkerTarget(page)).resolves.toBe(target);
    await page.context().close();
  });

  test("the popover's links work: sources link out over http(s), the research-pack link opens the claim on the pack page", async () => {
    const page = await openChapter();
    const sourceLinks = await page.locator('.rp-popover .rp-row a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(sourceLinks.length).toBeGreaterThan(0);
    for (const href of sourceLinks) expect(href).toMatch(/^https?:\/\/[^/\s]+\//);

    const marker = page.locator('.rp-marker').first();
    const target = (await marker.getAttribute('popovertarget'))!;
    await marker.click();
    const packLink = page.locator(`#${target} a.rp-block-pack`);
    await expect(packLink.isVisible()).resolves.toBe(true);
    const claimId = await page.locator(`.rp-claim:has(> .rp-marker[popovertarget="${target}"])`).getAttribute('data-claim-id');
    const href = (await packLink.getAttribute('href'))!;
    const fragment = decodeURIComponent(new URL(href, page.url()).hash.slice(1));
    expect(fragment).not.toBe('');
    await Promise.all([page.waitForURL(url(`${PAGES.pack}#${encodeURIComponent(fragment)}`)), packLink.click()]);
    await expect(page.locator('h1').first().textContent()).resolves.toMatch(/^Chapter 26: /);
    // The fragment names the claim's row on the pack page, and the browser went there.
    await expect(page.locator(':target').evaluateAll((targets) => targets.map((element) => element.id))).resolves.toEqual([fragment]);
    await expect(page.locator(':target').textContent()).resolves.toContain(claimId);
    await expect(page.locator(':target').isVisible()).resolves.toBe(true);
    await page.context().close();
  });
});

describe('chapter pages ask for nothing that is missing', () => {
  test.each(PAGES.chapters)('%s: every request, the favicon among them, is answered (a reader\'s finding: a 404 in the console)', async (path) => {
    const page = await openChapter(path);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(url(path), { waitUntil: 'networkidle' });
    await expect(page.locator('link[rel="icon"]').count()).resolves.toBe(1);
    expect(failed).toEqual([]);
    await page.context().close();
  });
});

describe('chapter pages ship no JavaScript', () => {
  test.each(PAGES.chapters)('%s: no script but JSON-LD, no script requests, no inline handlers', async (path) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requests.push(request.url());
    });
    page.on('response', (response) => {
      if (/javascript|ecmascript/.test(response.headers()['content-type'] ?? '')) requests.push(response.url());
    });
    await page.goto(url(path), { waitUntil: 'networkidle' });
    const scripts = await page.locator('script').evaluateAll((elements) => elements.map((script) => script.getAttribute('type')));
    expect(scripts.every((type) => type === 'application/ld+json')).toBe(true);
    expect(requests).toEqual([]);
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on'))),
    );
    expect(handlers).toEqual([]);
    await expect(page.locator('a[href^="javascript:" i]').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('a chapter in print', () => {
  test("each claim's status and source count are written out; popovers are hidden", async () => {
    const page = await openChapter();
    await page.locator('.rp-marker').first().click();
    await expect(page.locator('.rp-popover:popover-open').count()).resolves.toBe(1);
    // On screen the link is enough; its address is for paper.
    await expect(page.locator('.rp-provenance').innerText()).resolves.not.toContain('https://');
    await page.emulateMedia({ media: 'print' });

    const markers = await page.locator('.rp-claim').evaluateAll((claims) =>
      claims.map((claim) => {
        const marker = claim.querySelector(':scope > .rp-marker')!;
        const word = marker.querySelector('.rp-marker-word')!;
        const count = marker.querySelector('.rp-print')!;
        const shown = (element: Element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return box.width > 4 && box.height > 4 && style.visibility === 'visible' && style.display !== 'none' && style.clip === 'auto';
        };
        return {
          id: claim.id,
          status: (claim as HTMLElement).dataset.status ?? '',
          text: (marker as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          wordShown: shown(word),
          countShown: shown(count),
        };
      }),
    );
    for (const marker of markers) {
      expect(marker, marker.id).toMatchObject({ wordShown: true, countShown: true });
      expect(marker.text, marker.id).toMatch(new RegExp(`${STATUS_WORDS[marker.status]} \\(${COUNT}\\)`));
    }
    const popovers = await page.locator('.rp-popover').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).display));
    expect(popovers.every((display) => display === 'none')).toBe(true);
    // The way to the evidence, with the address paper needs (a reader's finding: a link printed without it).
    await expect(page.locator('.rp-provenance').innerText()).resolves.toContain('Research pack for this chapter (https://books.example.org/research/books/pi/26-chapter/)');
    await expect(page.locator('.rp-popover').first().isVisible()).resolves.toBe(false);
    await page.context().close();
  });

  test.each([
    ['a chapter', PAGES.chapter, ['body', '.rp-marker-word', '.rp-marker .rp-print', 'pre.astro-code span']],
    ['a research pack', PAGES.pack, ['body', '.rp-pack h1', '.rp-pack td']],
  ] as const)('%s, printed by a reader whose system is dark, has dark text, which white paper shows (a reader\'s finding: faint grey)', async (_, path, selectors) => {
    const page = await openChapter(path);
    // The brightest of a colour's channels, 0-255: light text on paper is faint.
    const colours = () =>
      page.evaluate(
        (list) => Object.fromEntries(list.map((selector) => [selector, Math.max(...getComputedStyle(document.querySelector(selector)!).color.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number))])),
        [...selectors],
      );
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    // On screen the dark scheme applies: light text (the test would pass vacuously otherwise).
    expect((await colours())['body']).toBeGreaterThan(200);
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    for (const [part, brightest] of Object.entries(await colours())) expect(brightest, part).toBeLessThan(140);
    await page.context().close();
  });
});
