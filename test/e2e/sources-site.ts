/**
 * The fixture site of the sources browser tests, made during the test run:
 * the fixture book whose sources live on the test web on 127.0.0.1
 * (`test/helpers/source-server.ts`) in a copy of the demo site, refreshed
 * twice by the real `research-pack sources refresh` (its format page changes
 * in between, so the second refresh sees it changed), then built with the
 * real `astro build`. The global setup makes it before the tests start, so
 * its build never competes with them for the CPU.
 */
import { main } from '../../packages/cli/src/cli.js';
import { copyDemo, runAstro } from '../helpers/project.js';
import { SOURCE_DATE_EPOCH } from '../helpers/site-build.js';
import { copySourcesBook, startSourceServer, type SourceServer } from '../helpers/source-server.js';

/** The built fixture site. */
export interface SourcesSite {
  /** The site's root; its `dist/` is built. */
  dir: string;
  /** The test web's origin, which the book's sources (and so the lock and the pages) name. */
  origin: string;
}

/**
 * Make the fixture site.
 * @returns where it is, and the origin its sources named.
 */
export async function buildSourcesSite(): Promise<SourcesSite> {
  const web = await startSourceServer();
  try {
    const dir = await copyDemo('e2e-sources');
    await copySourcesBook(web.origin, dir);
    await refresh(web, dir, '2026-11-30T10:00:00Z');
    web.changing.body = 'second version of the format page';
    await refresh(web, dir, '2026-12-01T10:00:00Z');
    const build = await runAstro(dir, ['build'], { SOURCE_DATE_EPOCH });
    if (build.code !== 0) throw new Error(`astro build of the sources fixture site failed:\n${build.stdout}\n${build.stderr}`);
    return { dir, origin: web.origin };
  } finally {
    await web.close();
  }
}

/** One refresh of the fixture book, as the command line runs it, at a fixed moment. */
async function refresh(web: SourceServer, root: string, now: string): Promise<void> {
  let output = '';
  const io = { cwd: root, env: {}, stdout: (text: string) => (output += text), stderr: (text: string) => (output += text), now: () => new Date(now) };
  // No retries: the refresh's own tests cover them; this only needs a lock.
  const code = await main(['sources', 'refresh', ...web.refreshArgs, '--retries', '0', '--timeout', '0.3'], io);
  if (code !== 0) throw new Error(`sources refresh exited with ${code}:\n${output}`);
}
