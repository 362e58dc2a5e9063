/**
 * The integration's options: validated once in `astro:config:setup`, strict
 * so that a misspelled key fails instead of being ignored.
 */
import { z } from 'zod';

const PathPrefixSchema = z
  .string()
  .regex(/^\/[a-z0-9][a-z0-9/_-]*[a-z0-9]$|^\/[a-z0-9]$/i, {
    error: 'expected a URL path prefix such as "/research": a leading slash, no trailing slash',
  });

/** Options of `researchPack()`. */
export const ResearchPackOptionsSchema = z.strictObject({
  /** Folder holding one folder per book, relative to the project root. */
  contentDir: z.string().min(1).default('content/books'),
  /** URL prefix of chapter pages: a chapter lives at `<chapters>/<book>/<chapter>/`. */
  chapters: PathPrefixSchema.default('/books'),
  /** URL prefix of research packs and reports. */
  research: PathPrefixSchema.default('/research'),
  /** Build a research pack (page, snapshot, brief, report, pack.json) per chapter. */
  packs: z.boolean().default(true),
  /** Build the book-wide research report pages and artifacts. */
  report: z.boolean().default(true),
  /**
   * The date "review due" is computed against (YYYY-MM-DD). Defaults to
   * SOURCE_DATE_EPOCH when set, else today's UTC date.
   */
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date written as YYYY-MM-DD' })
    .optional(),
});

/** Options as users write them. */
export type ResearchPackUserOptions = z.input<typeof ResearchPackOptionsSchema>;
/** Options after defaults. */
export type ResearchPackOptions = z.infer<typeof ResearchPackOptionsSchema>;

/**
 * Validate the integration's options.
 * @param input what the user passed to `researchPack()`.
 * @returns the options with defaults, or throws an Error whose message lists every problem.
 */
export function parseOptions(input: unknown): ResearchPackOptions {
  const result = ResearchPackOptionsSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(options)';
    if (issue.code === 'unrecognized_keys') {
      return `- ${issue.keys.map((key) => `"${key}"`).join(', ')}: unknown option; known options are ${Object.keys(ResearchPackOptionsSchema.shape).join(', ')}`;
    }
    return `- ${path}: ${issue.message}`;
  });
  throw new Error(`Invalid researchPack() options:\n${lines.join('\n')}`);
}
