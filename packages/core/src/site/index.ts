/**
 * `@research-pack/core/site`: the URLs of the pages and artifacts a site
 * publishes. Every name here is also exported by `@research-pack/core`; this
 * door loads only this stage and the stages it builds on.
 */
export {
  DEFAULT_SITE_URLS,
  PACK_FILES,
  chapterUrls,
  chapterPageUrl,
  chapterPath,
  researchPatterns,
  urlPatternProblem,
  bookStatusReportUrl,
  siteStatusReportUrl,
  statusReportUrls,
  packSchemaUrl,
  statusReportSchemaUrl,
  claimUrl,
} from './urls.js';
export type { ChapterUrls, StatusReportUrls, SiteUrls, ChapterUrlParams, ChapterUrlFunction, ResearchUrlPatterns } from './urls.js';
export type { NotebookRepository } from './colab.js';
export { safeHref, sourceHref } from './safe-url.js';
export {
  ProjectConfigSchema,
  ChapterUrlsSchema,
  ResearchUrlsSchema,
  PROJECT_PRESETS,
  resolveProjectConfig,
  formatConfigIssues,
} from './project-config.js';
export type { ProjectConfig, ProjectConfigInput, ProjectPreset } from './project-config.js';
export { CONFIG_FILE_NAMES, findConfigFile, loadConfigFile } from './config-file.js';
export type { ProjectConfigFile } from './config-file.js';
export { duplicateChapterUrls, duplicateResearchUrls, layoutProblems, type LayoutBook, type LayoutCheckOptions, type SiteLayout } from './check-urls.js';
export { ASTRO_CONFIG_NAMES, findSettingValue, type SettingPlace } from './setting-place.js';
