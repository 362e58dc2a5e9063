/**
 * `defineConfig()` for `research-pack.config.mjs`: returns its argument, so
 * that editors check the settings the site and the CLI share.
 */
import type { ProjectConfigInput } from '@research-pack/core';

/**
 * Type the project configuration.
 * @param config the settings (contentDir, chapters, research, site, packs, report, asOf, reports, frontmatter).
 * @returns the same object.
 */
export function defineConfig(config: ProjectConfigInput): ProjectConfigInput {
  return config;
}
