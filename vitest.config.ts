import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const pkg = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    // Unit tests run against the TypeScript sources; the real `astro build`
    // tests use the built packages, as users do.
    alias: {
      '@research-pack/core': pkg('core'),
      '@research-pack/markdown': pkg('markdown'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', '**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
