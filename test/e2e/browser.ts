/**
 * Shared helpers of the browser tests: Debian's Chromium through
 * playwright-core, pages of the served demo book, screenshots and axe.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Flags for a closed network: no background connections, no first-run UI. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The desktop and mobile viewports of the screenshots. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export const SCHEMES = ['light', 'dark'] as const;

/** Pages of the demo book under test. */
export const PAGES = {
  chapter: '/books/pi/26-chapter/',
  chapters: ['/books/pi/26-chapter/', '/books/pi/27-chapter/', '/books/pi/28-chapter/'],
  pack: '/research/books/pi/26-chapter/',
  bookReport: '/research/books/pi/',
  report: '/research/',
} as const;

/** Where screenshots go (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

/**
 * The Chromium executable: `CHROMIUM_PATH`, else Debian's.
 * @returns its path.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Launch Chromium headless, or fail saying how to install it.
 * @returns the browser.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: \`apt-get install chromium\`, or set CHROMIUM_PATH.`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * The URL of a page of the served demo book.
 * @param path root-relative path.
 * @returns the absolute URL.
 */
export function url(path: string): string {
  return new URL(path, inject('baseURL')).href;
}

/**
 * Open a page of the demo book in a new context.
 * @param browser the browser.
 * @param path root-relative path.
 * @param options context options (viewport, colour scheme, JavaScript).
 * @returns the loaded page.
 */
export async function openPage(browser: Browser, path: string, options: BrowserContextOptions = {}): Promise<Page> {
  return openAt(browser, url(path), options);
}

/** Pages of examples/starlight, the demo book as Starlight docs. */
export const STARLIGHT_PAGES = {
  chapters: ['/pi/26-chapter/', '/pi/27-chapter/', '/pi/28-chapter/'],
  guide: '/guides/reading-claims/',
  home: '/',
  pack: '/research/books/pi/27-chapter/',
  bookReport: '/research/books/pi/',
  report: '/research/',
} as const;

/**
 * Open a page of examples/starlight in a new context.
 * @param browser the browser.
 * @param path root-relative path.
 * @param options context options.
 * @returns the loaded page.
 */
export async function openStarlightPage(browser: Browser, path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await openAt(browser, new URL(path, inject('starlightURL')).href, options);
  if (options.javaScriptEnabled !== false) await expressiveCodeSettled(page);
  return page;
}

/**
 * Wait for Expressive Code's own script, which makes a code block that
 * scrolls sideways focusable (tabindex, role=region) when the browser is
 * idle. Until it has run, axe rightly reports such a block as a scrollable
 * region without keyboard access; a reader's browser runs it at once.
 * @param page a loaded Starlight page.
 */
async function expressiveCodeSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.expressive-code pre')].every((pre) => pre.scrollWidth <= pre.clientWidth || pre.hasAttribute('tabindex')),
  );
}

async function openAt(browser: Browser, address: string, options: BrowserContextOptions): Promise<Page> {
  const path = new URL(address).pathname;
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...options });
  const page = await context.newPage();
  const response = await page.goto(address);
  if (!response?.ok()) throw new Error(`GET ${path}: HTTP ${response?.status()}`);
  return page;
}

/**
 * The path of a screenshot under test-results/e2e/.
 * @param name file name without extension.
 * @returns the PNG path.
 */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return `${SCREENSHOT_DIR}${name}.png`;
}

/** One serious or critical axe violation, short enough to read in a test failure. */
export interface SeriousViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Run axe-core on the page as it is now.
 * @param page the page.
 * @returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
}

/** A table caption of a research page, as wide as it shows, beside the scroll box it sits in and the page's content width. */
export interface CaptionWidth {
  caption: string;
  /** The caption's rendered width, in CSS pixels. */
  width: number;
  /** What its scroll box shows of the table. */
  box: number;
  /** The viewport's width less the page's own side padding and the box's border: the most a caption can show. */
  content: number;
}

/**
 * Measure every table caption of a research page (a reader's phone showed one word per line).
 * @param page a loaded research page.
 * @returns one measure per table.
 */
export function captionWidths(page: Page): Promise<CaptionWidth[]> {
  return page.locator('.rp-table-scroll caption').evaluateAll((captions) =>
    captions.map((caption) => {
      const box = caption.closest('.rp-table-scroll') as HTMLElement;
      const { left, right } = box.getBoundingClientRect();
      const gutter = Math.max(left, 0) + Math.max(document.documentElement.clientWidth - right, 0) + (box.offsetWidth - box.clientWidth);
      return {
        caption: (caption.textContent ?? '').trim().slice(0, 40),
        width: Math.round(caption.getBoundingClientRect().width),
        box: box.clientWidth,
        content: document.documentElement.clientWidth - gutter,
      };
    }),
  );
}

/**
 * Expect every table caption of a research page to span what its scroll box
 * shows (at least 80 % of the width a caption can have), and no more.
 * @param page a loaded research page.
 */
export async function expectCaptionsToFit(page: Page): Promise<void> {
  const captions = await captionWidths(page);
  expect(captions.length).toBeGreaterThan(0);
  for (const caption of captions) {
    expect(caption.width, caption.caption).toBeGreaterThanOrEqual(0.8 * caption.content);
    expect(caption.width, caption.caption).toBeLessThanOrEqual(caption.box + 1);
  }
}
