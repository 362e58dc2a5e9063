/**
 * The public API: what `@research-pack/core` exports. Each group lists the
 * exports of one part of the package; add a group for yours.
 */
import { describe, expect, it } from 'vitest';
import * as core from '../src/index.js';

const exported = Object.keys(core);

describe('@research-pack/core public API', () => {
  it('exposes loading, validation, problems and the model builder', () => {
    expect(exported).toEqual(
      expect.arrayContaining([
        'buildModel',
        'resolveClaims',
        'createModelCache',
        'loadBooks',
        'listBooks',
        'loadChapter',
        'bookFolder',
        'readChapterSource',
        'buildChapter',
        'validateChapter',
        'duplicateChapterNumber',
        'checkChapter',
        'checkProject',
        'collectProblems',
        'defaultContentDir',
        'loadSidecar',
        'loadFrontmatter',
        'loadYaml',
        'validateSchema',
        'validateBook',
        'verdictRelations',
        'formatProblem',
        'formatProblems',
        'sortProblems',
        'compareProblems',
        'createProblem',
        'hasErrors',
        'rules',
        'formatPath',
        'quote',
        'closest',
        'resolveAsOf',
        'toDateString',
        'isDateString',
        'addDays',
        'relativePath',
        'unsafePathReason',
        'createJsonSchema',
        'jsonSchemaText',
        'sidecarKinds',
      ]),
    );
  });

  it('exposes the sidecar schemas', () => {
    expect(exported).toEqual(
      expect.arrayContaining([
        'sidecarSchemas',
        'BookConfigSchema',
        'ChapterFrontmatterSchema',
        'ClaimsFileSchema',
        'ClaimSchema',
        'VerdictSchema',
        'QuoteAnchorSchema',
        'EvidenceFileSchema',
        'SourceSchema',
        'IdentifiersSchema',
        'EvidenceItemSchema',
        'ResearchFileSchema',
        'ReferenceSchema',
        'NotebookSchema',
        'NotebookRunSchema',
        'ResearchPassSchema',
        'PassCountsSchema',
        'NotebookRepositorySchema',
        'BriefTemplatesSchema',
        'IdSchema',
        'DateSchema',
        'PartialDateSchema',
        'HttpUrlSchema',
        'Sha256Schema',
        'VerdictStatusSchema',
        'PrioritySchema',
        'ResponseSchema',
        'RelationSchema',
        'EvidenceClassSchema',
        'EvidenceStatusSchema',
        'ReadingStatusSchema',
        'RunOutcomeSchema',
      ]),
    );
  });

  it('has no default export', () => {
    expect(exported).not.toContain('default');
  });
  it('exposes the sources lock and the pure parts of checking sources', () => {
    expect(exported).toEqual(
      expect.arrayContaining([
        'SourcesLockSchema',
        'SOURCES_LOCK_FILE',
        'loadSourcesLock',
        'readSourcesLock',
        'renderSourcesLock',
        'emptySourcesLock',
        'planRefresh',
        'observeUrl',
        'observeArchive',
        'observeDoi',
        'observeArxiv',
        'mergeRefresh',
        'parseLinks',
        'formatHttpDate',
        'parseHttpDate',
        'timeGateRequest',
        'readTimeGateAnswer',
        'readMementoAnswer',
        'nearestMemento',
        'readCslJson',
        'readArxivFeed',
        'compareWithDoi',
        'compareWithArxiv',
        'checkChapterSources',
        'indexSourcesLock',
        'sourceFindings',
        'findingCategory',
        'SOURCE_FINDING_CATEGORIES',
        'urlKey',
        'doiKey',
        'splitArxivId',
      ]),
    );
  });

  it('exposes what the sources lock says, as words, data and phrases for the renderers', () => {
    expect(exported).toEqual(
      expect.arrayContaining([
        'LINK_HEALTH_WORD',
        'DOI_RESULT_WORD',
        'ARXIV_RESULT_WORD',
        'ARCHIVE_RESULT_WORD',
        'SOURCE_CHECK_WORD',
        'SOURCE_REVIEW_REASON',
        'SourceCheckDataSchema',
        'SourceReviewDataSchema',
        'SourceTotalsSchema',
        'sourceCheckData',
        'sourceReviewData',
        'countSourceChecks',
        'sourceFacts',
        'factLine',
        'urlLines',
        'identifierLines',
        'briefSourceLines',
        'sourceCheckOf',
        'sourceReviewOf',
        'isSourceChecked',
        'FLAG_SYMBOL',
      ]),
    );
  });
});
