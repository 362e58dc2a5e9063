/**
 * The public API: what `@research-pack/core` exports, as an exact list,
 * each named in the README. Adding an export is a decision: document it in
 * the README's API section and add it here; what only the page transform
 * needs goes through `@research-pack/core/internal` instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as core from '../src/index.js';

const PUBLIC = [
  'ANCHORING_WORD', 'ARCHIVE_RESULT_WORD', 'ARXIV_RESULT_WORD', 'ASTRO_CONFIG_NAMES', 'AVAILABILITY_STATEMENT',
  'AcceptanceSchema', 'ArchiveSchema', 'ArxivCheckDataSchema', 'BRIEF_SECTIONS', 'BodySchema', 'BookConfigSchema',
  'BriefTemplatesSchema', 'CLAIM_AUDIT_COLUMNS', 'CONFIG_FILE_NAMES', 'ChapterFrontmatterSchema', 'ChapterUrlsSchema',
  'CheckErrorKindSchema', 'CheckErrorSchema', 'ClaimReviewSchema', 'ClaimSchema', 'ClaimsFileSchema', 'CslItemSchema',
  'DEFAULT_BRIEF_INTRO', 'DEFAULT_BRIEF_INVESTIGATE', 'DEFAULT_BRIEF_OBJECTIVE', 'DEFAULT_BRIEF_OUTPUT_INTRO',
  'DEFAULT_BRIEF_OUTPUT_OUTRO', 'DEFAULT_SITE_URLS', 'DISPLAY_STATUSES', 'DOI_RESULT_WORD', 'DateSchema',
  'DateTimeSchema', 'DoiCheckDataSchema', 'DoiMetadataSchema', 'EvidenceClassSchema', 'EvidenceFileSchema',
  'EvidenceItemSchema', 'EvidenceStatusSchema', 'FLAG_SYMBOL', 'HeldBackRowSchema', 'HostChapterFrontmatterSchema',
  'HttpUrlSchema', 'IdSchema', 'IdentifiersSchema', 'LEADS_HEADING', 'LINK_HEALTH_WORD', 'LinkCheckDataSchema',
  'LinkHealthSchema', 'LockedArxivSchema', 'LockedDoiSchema', 'LockedNameSchema', 'LockedUrlSchema', 'MAX_FILE_BYTES', 'MAX_MARKDOWN_DEPTH',
  'NO_POPOVER', 'NotebookRepositorySchema', 'NotebookRunSchema', 'NotebookSchema', 'PACK_FILES', 'PACK_VERSION', 'PROJECT_PRESETS',
  'PackClaimSchema', 'PackEvidenceSchema', 'PackIdentitySchema', 'PackNotebookSchema', 'PackPassSchema',
  'PackRejectedEvidenceSchema', 'PackSchema', 'PackSourceSchema', 'PartialDateSchema', 'PassCountsSchema',
  'PreviousBodySchema', 'PrioritySchema', 'ProjectConfigSchema', 'ProposedClaimSchema', 'QuoteAnchorSchema',
  'READING', 'REPORT_SECTIONS', 'ReadingStatusSchema', 'RedirectSchema', 'ReferenceSchema', 'RejectionSchema',
  'RelationSchema', 'ResearchFileSchema', 'ResearchPassSchema', 'ResearchUrlsSchema', 'ResponseSchema',
  'RunOutcomeSchema', 'SELECTOR_CONTEXT', 'SIDECAR_KEY_ORDER', 'SOURCES_LOCK_FILE', 'SOURCES_LOCK_VERSION',
  'SOURCE_CHECK_WORD', 'SOURCE_FINDING_CATEGORIES', 'SOURCE_FINDING_CATEGORY', 'SOURCE_LEDGER_COLUMNS',
  'SOURCE_REVIEW_REASON', 'STALE_REASON', 'STATUS_STYLES', 'STATUS_SYMBOL', 'STATUS_WORD', 'Sha256Schema',
  'SourceCheckDataSchema', 'SourceReviewDataSchema', 'SourceSchema', 'SourceTotalsSchema', 'SourcesLockSchema',
  'StatusCountsSchema', 'StatusReportBookSchema', 'StatusReportChapterSchema', 'StatusReportSchema',
  'StatusReportTotalsSchema', 'VerdictSchema', 'VerdictStatusSchema', 'WebAnnotationSchema', 'accessibleName',
  'addDays', 'anchorClaims', 'assembleModel', 'bookStatusReportUrl', 'briefSourceLines', 'buildModel',
  'buildModelOnThreads', 'buildPack', 'buildStatusReport', 'buildTextIndex', 'chapterBody', 'chapterPageUrl',
  'chapterPath', 'chapterPopoversHtml', 'chapterUrls', 'checkChapter', 'checkChapterSources', 'checkProblemsOnThreads', 'checkProject',
  'claimAnnotations', 'claimMarkerHtml', 'claimPopoversHtml', 'claimReviewJsonLd', 'claimReviewScript',
  'claimReviews', 'claimUrl', 'closest', 'collectProblems', 'compareProblems', 'compareWithArxiv', 'compareWithDoi',
  'contentDigest', 'coreCodeVersion', 'countSourceChecks', 'createJsonSchema', 'createModelCache', 'createProblem',
  'cslItems', 'cutExcerpt', 'deepMarkdownProblem', 'deepNodePlace', 'deepSourcePlace', 'describeCounts', 'duplicateChapterUrls', 'duplicateResearchUrls', 'editYaml',
  'emptySourcesLock', 'escapeJsonForScript', 'extractChapterText', 'factLine', 'fillTemplate', 'findConfigFile',
  'findPass', 'findSettingValue', 'findingCategory', 'forgetReads', 'formatConfigIssues', 'formatHttpDate', 'formatPath',
  'formatProblem', 'formatProblems', 'formatTextHashHints', 'handleIndex', 'hasErrors', 'hashClaimText',
  'identifierLines', 'indexSourcesLock', 'inspectPath', 'isDateString', 'jsonSchemaText', 'layoutProblems',
  'leafIndexAt', 'leafOffsetAt', 'listBooks', 'listFolder', 'loadBooks', 'loadConfigFile', 'loadFrontmatter',
  'loadSidecar', 'loadSourcesLock', 'loadYaml', 'mergeRefresh', 'nearestMemento', 'observeArchive', 'observeArxiv',
  'observeDoi', 'observeUrl', 'packHast', 'packJsonSchema', 'packSchemaUrl', 'parseHttpDate', 'parseLinks',
  'parseResearchReport', 'passAudit', 'planDecisions', 'planIngest', 'planRefresh', 'prepareSearch', 'quote', 'readArxivFeed',
  'readBookFile', 'readCslJson', 'readMementoAnswer', 'readSourcesLock', 'readTextFile', 'readTimeGateAnswer',
  'relativePath', 'renderBrief', 'renderPackHtml', 'renderPackJson', 'renderResearchReport', 'renderSourcesLock',
  'renderStatusChart', 'renderStatusReportHtml', 'renderStatusReportJson', 'renderStatusReportMarkdown',
  'reportedVerdict', 'researchPatterns', 'resolveAsOf', 'resolveBriefTemplates', 'resolveClaims', 'resolveObjective',
  'resolveProjectConfig', 'resolveTarget', 'reviewQueue', 'rules', 'safeHref', 'scopeStatusReport', 'shortDigests', 'sidecarKinds',
  'sidecarSchemas', 'siteStatusReportUrl', 'sortProblems', 'sourceCheckData', 'sourceCheckOf', 'sourceFacts',
  'sourceFindings', 'sourceHref', 'sourceOf', 'sourceReviewData', 'sourceReviewOf', 'statusChart', 'statusReportHast',
  'statusReportHtmlParts', 'statusReportJsonSchema', 'statusReportRows', 'statusReportSchemaUrl', 'statusReportUrls', 'systemAdvice', 'systemErrorCode',
  'systemReason', 'textHashHintsOfModel', 'textHashHintsOfSidecar', 'threadCount', 'timeGateRequest', 'toDateString',
  'toDateTimeString', 'unsafePathReason', 'urlLines', 'urlPatternProblem', 'validateBook', 'validateSchema',
  'verdictRelations', 'webAnnotations', 'withoutExcerpts',
];

describe('@research-pack/core public API', () => {
  it('exports exactly the documented names', () => {
    expect(Object.keys(core).sort()).toEqual(PUBLIC);
  });

  it('names every export in the README, in code', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    // Fenced code blocks and inline code spans: a name in either counts.
    const fences = [...readme.matchAll(/^```.*\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
    const spans = [...readme.replace(/^```.*\n[\s\S]*?^```$/gm, '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const named = new Set([...fences, ...spans].flatMap((code) => code.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []));
    expect(PUBLIC.filter((name) => !named.has(name))).toEqual([]);
  });

  it('has no default export', () => {
    expect('default' in core).toBe(false);
  });
});

describe('@research-pack/core stage doors', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  const doors = Object.keys(pkg.exports).filter((key) => /^\.\/[a-z-]+$/.test(key) && !['./workers', './internal', './snapshot'].includes(key));

  it('are the stages in pipeline order, each its folder\'s index', () => {
    expect(doors).toEqual(['./problems', './schema', './load', './sources', './text', './model', './threads', './site', './research-report', './render', './ingest', './review']);
    for (const door of doors) expect(pkg.exports[door]).toEqual({ types: `./dist/${door.slice(2)}/index.d.ts`, default: `./dist/${door.slice(2)}/index.js` });
  });

  it('together export the public API, each name through one door', async () => {
    const names: string[] = [];
    for (const door of doors) {
      const module = (await import(`../src/${door.slice(2)}/index.ts`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        expect(value, `${door} ${name}`).toBe((core as Record<string, unknown>)[name]);
        names.push(name);
      }
    }
    expect(names.sort()).toEqual(PUBLIC);
  });

  it('is the index: nothing but the doors', () => {
    const index = readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8').replace(/\/\*\*[\s\S]*?\*\/\n/, '');
    expect(index).toBe(doors.map((door) => `export * from '${door}/index.js';\n`).join(''));
  });
});
