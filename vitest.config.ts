import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (file: string) => fileURLToPath(new URL(`./packages/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Unit tests run against the TypeScript sources; the real `astro build`
    // tests use the built packages, as users do.
    alias: [
      { find: /^@research-pack\/core$/, replacement: source('core/src/index.ts') },
      { find: /^@research-pack\/core\/snapshot$/, replacement: source('core/src/text/snapshot.ts') },
      { find: /^@research-pack\/core\/workers$/, replacement: source('core/src/threads/pool.ts') },
      { find: /^@research-pack\/core\/internal$/, replacement: source('core/src/internal.ts') },
      { find: /^@research-pack\/markdown$/, replacement: source('markdown/src/index.ts') },
      { find: /^@research-pack\/markdown\/parse$/, replacement: source('markdown/src/parse-chapter.ts') },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', '**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
