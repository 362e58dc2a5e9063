/**
 * The file policy holds in `astro build` and `astro dev`, which read the
 * books through core's loader: a chapter that links out of the project, or
 * a FIFO where a chapter should be, fails both before Astro's own content
 * loaders (glob(), Starlight's docsLoader()) would open it, with the
 * problem's file and rule; nothing is built, nothing hangs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astroBin, astroEnv, copyDemo, runProcess } from './helpers/project.js';

const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'research-pack-outside-'));
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

/** The environment without vitest's variables, which would put Astro in test mode. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = astroEnv();
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'TEST') delete env[key];
  return env;
}

describe('hostile chapter files and Astro', () => {
  it('astro build fails on a chapter linked out of the project, and astro dev does not start on a FIFO chapter', async () => {
    const secret = 'SECRET-CHAPTER-TEXT-91c2';
    fs.writeFileSync(path.join(outside, 'chapter.mdx'), `---\ntitle: Secret\nnumber: 28\n---\n\n${secret}\n`);
    const [build, dev] = await Promise.all([copyDemo('hostile-astro-build'), copyDemo('hostile-astro-dev')]);
    fs.rmSync(path.join(build, 'content/books/pi/28-chapter.mdx'));
    fs.symlinkSync(path.join(outside, 'chapter.mdx'), path.join(build, 'content/books/pi/28-chapter.mdx'));
    fs.rmSync(path.join(dev, 'content/books/pi/28-chapter.mdx'));
    execFileSync('mkfifo', [path.join(dev, 'content/books/pi/28-chapter.mdx')]);

    const [built, served] = await Promise.all([
      runProcess(process.execPath, [astroBin, 'build'], build, cleanEnv()),
      // With the FIFO read, dev would hang: it must exit, at once, with the problem.
      runProcess('timeout', ['60', process.execPath, astroBin, 'dev', '--port', '0'], dev, cleanEnv()),
    ]);
    const buildOutput = built.stdout + built.stderr;
    expect(built.code).not.toBe(0);
    expect(buildOutput).toContain(
      `Research Pack refuses a chapter file that Astro's content loaders would still read:\ncontent/books/pi/28-chapter.mdx  is a symbolic link to ${JSON.stringify(path.join(outside, 'chapter.mdx'))}, outside the project; it is not read`,
    );
    expect(buildOutput).not.toContain(secret);
    expect(fs.existsSync(path.join(build, 'dist'))).toBe(false);

    expect(served.code).toBe(1);
    expect(served.stdout + served.stderr).toContain('content/books/pi/28-chapter.mdx  is a FIFO (named pipe), not a file; it is not read');
  });
});
