/**
 * Test support: headless Chromium (Debian's `chromium`, `/usr/bin/chromium`; `CHROMIUM_PATH` to
 * override) driven by playwright-core, with a new empty profile (browser context) per test file.
 * The files of a worker share its modules (`isolate: false`), and so its one Chromium: launching
 * it is a second or two of CPU, a context a few milliseconds. The background
 * networking flags keep Chromium from calling Google's services, which this machine's closed
 * network refuses. Every page records uncaught exceptions and console errors; tests assert there
 * are none. Screenshots go to `test/artifacts/` (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// Browser globals, used only inside page.evaluate callbacks (no DOM lib in Node's program).
declare const document: { querySelector(selector: string): CanvasLike | null };
interface CanvasLike {
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } } | null;
}

/** The Chromium binary. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Where screenshots are saved. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../artifacts/', import.meta.url));

/** A browser profile of its own (a context of the worker's Chromium). */
export interface TestBrowser {
  context: BrowserContext;
  /** A new tab; its uncaught exceptions and console errors collect in `problems`. */
  newPage(viewport?: { width: number; height: number }): Promise<WatchedPage>;
  /** Closes the profile and its tabs (the worker's Chromium stays for the next file). */
  close(): Promise<void>;
}

/** A tab and what went wrong in it. */
export interface WatchedPage {
  page: Page;
  /** Uncaught exceptions and console errors, except failed resource loads (the tests cause 401, 429, refusals). */
  problems: string[];
}

let workerChromium: Promise<Browser> | undefined;

/** This worker's Chromium, launched on first use and again if it went away; it ends with the worker. */
function chromiumOfThisWorker(): Promise<Browser> {
  workerChromium ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 }).then(
    (browser) => {
      browser.once('disconnected', () => (workerChromium = undefined));
      return browser;
    },
    (error: unknown) => {
      workerChromium = undefined;
      throw error;
    },
  );
  return workerChromium;
}

/**
 * Opens a fresh, empty profile (cookies, storage, cache of its own) in this worker's Chromium,
 * its clock in `timezoneId` (an IANA zone; the machine's when undefined).
 */
export async function launchBrowser(options: { timezoneId?: string } = {}): Promise<TestBrowser> {
  const browser = await chromiumOfThisWorker();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(20_000);
  return {
    context,
    async newPage(viewport) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          problems.push(`console.error: ${message.text()}`);
      });
      return { page, problems };
    },
    async close() {
      await context.close();
    },
  };
}

/** Saves a full-page screenshot as `test/artifacts/console-<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `console-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A rectangle of a canvas, in canvas (device) pixels. */
export interface CanvasRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many pixels of `rect` of the canvas at `selector` are within `tolerance` of `colour` (`#rrggbb`). */
export async function countPixels(
  page: Page,
  selector: string,
  rect: CanvasRect,
  colour: string,
  tolerance = 40,
): Promise<number> {
  return page.evaluate(
    ({ selector, rect, colour, tolerance }) => {
      const context = document.querySelector(selector)?.getContext('2d');
      if (!context) return -1;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
      const data = context.getImageData(rect.x, rect.y, rect.width, rect.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) <= tolerance) count += 1;
      }
      return count;
    },
    { selector, rect, colour, tolerance },
  );
}
