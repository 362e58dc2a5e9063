/**
 * `virtual:research-pack/layout`: the plugin's hooks are filtered, so that
 * Vite calls them for that module only, and they resolve and load it alone.
 */
import { describe, expect, it } from 'vitest';
import { layoutModulePlugin } from '../src/layout-module.js';

type Hook = { filter: { id: RegExp }; handler: (id: string) => string | undefined };

describe('layoutModulePlugin', () => {
  const plugin = layoutModulePlugin('/site/src/layouts/Research.astro');
  const resolveId = plugin.resolveId as unknown as Hook;
  const load = plugin.load as unknown as Hook;

  it('filters its hooks to the virtual module', () => {
    expect(resolveId.filter.id.test('virtual:research-pack/layout')).toBe(true);
    expect(load.filter.id.test('\0virtual:research-pack/layout')).toBe(true);
    for (const id of ['virtual:research-pack/layoutX', 'xvirtual:research-pack/layout', '/site/src/pages/index.astro', '\0virtual:research-pack/layout?x']) {
      expect(resolveId.filter.id.test(id), id).toBe(false);
      expect(load.filter.id.test(id), id).toBe(false);
    }
  });

  it('resolves and loads the virtual module only', () => {
    expect(resolveId.handler('virtual:research-pack/layout')).toBe('\0virtual:research-pack/layout');
    expect(resolveId.handler('other')).toBeUndefined();
    expect(load.handler('\0virtual:research-pack/layout')).toBe('export { default } from "/site/src/layouts/Research.astro";\n');
    expect(load.handler('other')).toBeUndefined();
  });
});
