/**
 * The integration's options: the project configuration the CLI shares
 * (`research-pack.config.mjs`, see `@research-pack/core`), plus what only the
 * site needs. Validated once in `astro:config:setup`, strict so that a
 * misspelled key fails instead of being ignored.
 */
import { z } from 'zod';
import {
  formatConfigIssues,
  ProjectConfigSchema,
  resolveProjectConfig,
  type ProjectConfig,
  type ProjectConfigInput,
  type ProjectPreset,
} from '@research-pack/core/site';

/** Which pages get directives that nothing handled (`10:30`, `note:this`) turned back into text. */
const RestoreDirectivesSchema = z.enum(['everywhere', 'chapters', 'nowhere']);

/** Options of `researchPack()`: every key of the project configuration, and the site's own. */
export const ResearchPackOptionsSchema = z.strictObject({
  ...ProjectConfigSchema.shape,
  /**
   * The component research pages render in: a path relative to the project
   * root (`./src/layouts/Research.astro`) or a package export. It gets
   * `title` and `description` props and the page in its default slot.
   */
  layout: z.string().min(1).optional(),
  /**
   * Where the integration turns directives nothing handled back into text:
   * `everywhere` (plain Astro, the default), `chapters`, or `nowhere` (a host
   * such as Starlight restores them itself, after its own directives).
   */
  restoreDirectives: RestoreDirectivesSchema.optional(),
});

/** Options as users write them. */
export type ResearchPackUserOptions = z.input<typeof ResearchPackOptionsSchema>;

/** Options after defaults. */
export interface ResearchPackOptions extends ProjectConfig {
  /** Module specifier of the research page layout. */
  layout: string;
  restoreDirectives: z.infer<typeof RestoreDirectivesSchema>;
}

/** The research page layout of a plain Astro site. */
export const DEFAULT_LAYOUT = '@research-pack/astro/components/ResearchPage.astro';
/** The research page layout of a Starlight site: its own page, sidebar and header. */
export const STARLIGHT_LAYOUT = '@research-pack/astro/components/starlight/ResearchPage.astro';

/**
 * Validate options as written.
 * @param input what the user passed to `researchPack()`.
 * @param source where they were written, for the message.
 * @returns the options as written, or throws an Error whose message lists every problem.
 */
export function validateOptions(input: unknown, source = 'researchPack() options'): ResearchPackUserOptions {
  const result = ResearchPackOptionsSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new Error(`Invalid ${source}:\n${formatConfigIssues(result.error.issues, Object.keys(ResearchPackOptionsSchema.shape))}`);
}

/**
 * Apply the defaults of a kind of site.
 * @param input validated options (the config file's, then the inline ones over them).
 * @param preset `astro` for `researchPack()`, `starlight` for the Starlight plugin.
 * @returns every option.
 */
export function resolveOptions(input: ResearchPackUserOptions, preset: ProjectPreset): ResearchPackOptions {
  const { layout, restoreDirectives, ...project } = input;
  return {
    ...resolveProjectConfig(project as ProjectConfigInput, preset),
    layout: layout ?? (preset === 'starlight' ? STARLIGHT_LAYOUT : DEFAULT_LAYOUT),
    restoreDirectives: restoreDirectives ?? (preset === 'starlight' ? 'nowhere' : 'everywhere'),
  };
}

/**
 * Validate the integration's options and apply the plain Astro defaults.
 * @param input what the user passed to `researchPack()`.
 * @returns the options with defaults, or throws an Error whose message lists every problem.
 */
export function parseOptions(input: unknown): ResearchPackOptions {
  return resolveOptions(validateOptions(input), 'astro');
}
