import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('chapter workers', () => {
  it('bound the young generation of their heap, which V8 would size from the machine', async () => {
    // The built module, as the threaded functions start it (its worker entry is built JavaScript).
    const pool = (await import(pathToFileURL(path.join(repoRoot, 'packages/core/dist/threads/pool.js')).href)) as typeof import('../../src/threads/pool.js');
    const worker = pool.startChapterWorker();
    try {
      expect(pool.WORKER_YOUNG_GENERATION_MB).toBe(16);
      expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(pool.WORKER_YOUNG_GENERATION_MB);
    } finally {
      await worker.terminate();
    }
  });

  it('post their checks a few chapters at a time: fewer than the 12 that cli/test/check.test.ts builds on one worker to see them come in two messages', async () => {
    const { CHECKS_PER_MESSAGE } = await import('../../src/threads/run.js');
    expect(CHECKS_PER_MESSAGE).toBeGreaterThan(0);
    expect(CHECKS_PER_MESSAGE).toBeLessThan(12);
  });
});
