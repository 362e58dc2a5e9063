export * from './schema.js';
export type * from './model.js';
export { DEFAULT_SITE_URLS, PACK_FILES, chapterUrls, bookReportUrl, siteReportUrl, reportUrls, packSchemaUrl, reportSchemaUrl, claimFragment, claimUrl } from './urls.js';
export type { ChapterUrls, ReportUrls } from './urls.js';
export { colabUrl, notebookGithubUrl } from './colab.js';
export type { NotebookRepository } from './colab.js';
export {
  DEFAULT_BRIEF_INTRO,
  DEFAULT_BRIEF_OBJECTIVE,
  DEFAULT_BRIEF_INVESTIGATE,
  DEFAULT_BRIEF_OUTPUT_INTRO,
  DEFAULT_BRIEF_OUTPUT_OUTRO,
  REPORT_SECTIONS,
  resolveBriefTemplates,
  resolveObjective,
  fillTemplate,
} from './brief-defaults.js';
export type { ReportSection, ResolvedBriefTemplates, ObjectiveOrigin } from './brief-defaults.js';
export { BRIEF_SECTIONS, LEADS_HEADING, AVAILABILITY_STATEMENT, cutExcerpt, renderBrief } from './render-brief.js';
export type { Excerpt } from './render-brief.js';
