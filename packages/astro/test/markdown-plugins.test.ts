import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./markdown-plugins-run.mjs', import.meta.url));

/** Register on a processor in a fresh process, as the integration does in `astro:config:setup`. */
function register(name: 'satteri' | 'unified' | 'unified+directive'): { registered: string; plugins: number; directives?: number; loadedDuring: string[]; loadedBefore: string[] } {
  return JSON.parse(execFileSync(process.execPath, [script, name], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })) as ReturnType<typeof register>;
}

describe('registerClaimPlugins', () => {
  it('on Sätteri adds its plugins without loading a processor package of its own, or remark-directive', () => {
    // Astro loads its own @astrojs/markdown-satteri; the integration only compares the processor's name.
    const result = register('satteri');
    expect(result).toMatchObject({ registered: 'satteri', plugins: 2, loadedDuring: [] });
    expect(result.loadedBefore).not.toContain('@astrojs/markdown-satteri');
    expect(result.loadedBefore).not.toContain('remark-directive');
  });

  it('on unified loads remark-directive, and adds it before the claim plugin', () => {
    const result = register('unified');
    expect(result.registered).toBe('unified');
    expect(result.plugins).toBe(3);
    expect(result.loadedDuring).toEqual(expect.arrayContaining(['remark-directive']));
    expect(result.loadedDuring).not.toContain('@astrojs/markdown-satteri');
  });

  it('on unified adds no second remark-directive where one is registered (Starlight)', () => {
    expect(register('unified+directive')).toMatchObject({ registered: 'unified', plugins: 3, directives: 1 });
  });
});
