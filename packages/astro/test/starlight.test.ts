import { describe, expect, it, vi } from 'vitest';
import { researchPackStarlight } from '../src/starlight.js';

/** Run the plugin's `config:setup` the way Starlight does, recording what it asks for. */
async function setup(config: Record<string, unknown> = {}) {
  const calls = { integrations: [] as Array<{ name: string }>, middleware: [] as unknown[], updates: [] as Array<Record<string, unknown>>, warnings: [] as string[] };
  const plugin = researchPackStarlight();
  await plugin.hooks['config:setup']!({
    config,
    updateConfig: (update: Record<string, unknown>) => calls.updates.push(update),
    addIntegration: (integration: { name: string }) => calls.integrations.push(integration),
    addRouteMiddleware: (middleware: unknown) => calls.middleware.push(middleware),
    logger: { warn: (message: string) => calls.warnings.push(message), info: vi.fn(), error: vi.fn(), debug: vi.fn(), fork: vi.fn() },
  } as never);
  return { plugin, calls };
}

describe('researchPackStarlight', () => {
  it('adds the integration through Starlight, overrides MarkdownContent, adds its CSS and the JSON-LD middleware', async () => {
    const { plugin, calls } = await setup({ customCss: ['./src/site.css'] });
    expect(plugin.name).toBe('@research-pack/astro/starlight');
    expect(calls.integrations.map((integration) => integration.name)).toEqual(['@research-pack/astro']);
    expect(calls.middleware).toEqual([{ entrypoint: '@research-pack/astro/starlight/route-middleware' }]);
    expect(calls.updates).toEqual([
      { components: { MarkdownContent: '@research-pack/astro/components/starlight/MarkdownContent.astro' } },
      { customCss: ['./src/site.css', '@research-pack/astro/starlight.css'] },
    ]);
    expect(calls.warnings).toEqual([]);
  });

  it("keeps a site's own MarkdownContent and says what it must render", async () => {
    const { calls } = await setup({ components: { MarkdownContent: './src/Mine.astro' } });
    expect(calls.updates.some((update) => 'components' in update)).toBe(false);
    expect(calls.warnings.join('\n')).toContain('`components.MarkdownContent` is already overridden (./src/Mine.astro)');
  });
});
