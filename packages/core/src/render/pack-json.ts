/**
 * `pack.json`: a chapter's research pack as versioned data (see
 * `schema/pack.ts` and `schemas/pack.schema.json`), including the claims as
 * W3C Web Annotations, the reviewed claims as schema.org ClaimReviews and the
 * source ledger as CSL-JSON. Keys are written in a fixed order, so the same
 * model always gives the same bytes.
 */
import { resolveObjective } from './brief-wording.js';
import { colabUrl } from '../site/colab.js';
import { jsonArtifact } from '../markup/json.js';
import type { ChapterModel, ResearchModel, ResolvedClaim } from '../model/types.js';
import type { ClaimReview, CslItem, Pack, PackClaim, PackEvidence, PackSource, WebAnnotation } from '../schema/pack.js';
import { PACK_VERSION } from '../schema/pack.js';
import { claimsOfSource, findSource, locateChapter, notebookState, passReadsCurrent, sourceCheckOf, sourceReviewOf, splitEvidence } from '../model/queries.js';
import type { EvidenceItem, Source } from '../schema/sidecars.js';
import { arxivUrl, doiUrl, httpUrl } from '../site/safe-url.js';
import { chapterUrls, claimUrl, packSchemaUrl, type SiteUrls } from '../site/urls.js';
import { STATUS_WORD } from '../model/words.js';
import { sourceCheckData, sourceReviewData } from './source-check-data.js';
import { codePointCount } from '../text/normalize.js';

/**
 * Build the `pack.json` object of a chapter.
 * @param model the research model (its `asOf` is recorded).
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns the pack, valid against `PackSchema`.
 */
export function buildPack(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): Pack {
  const located = locateChapter(model, chapter);
  const { book } = located;
  const current = located.chapter;
  const links = chapterUrls(urls, book.slug, current.slug);
  const { validated, leads, rejected } = splitEvidence(current);
  const objective = resolveObjective(book, current);
  return {
    $schema: packSchemaUrl(urls),
    version: PACK_VERSION,
    asOf: model.asOf,
    identity: {
      id: current.id,
      book: { slug: book.slug, title: book.config.title },
      chapter: {
        slug: current.slug,
        title: current.frontmatter.title,
        number: current.frontmatter.number,
        summary: current.frontmatter.summary ?? null,
      },
      urls: {
        chapter: links.chapter,
        pack: links.pack,
        snapshot: links.snapshot,
        brief: links.brief,
        report: links.report,
        packJson: links.packJson,
        bookReport: links.bookReport,
      },
    },
    fingerprint: { algorithm: 'sha256', value: current.fingerprint },
    snapshot: { url: links.snapshot, characters: codePointCount(current.snapshot), text: current.snapshot },
    references: current.research.references.map((ref) => ({
      id: ref.id,
      citation: ref.citation,
      url: ref.url === undefined ? null : (httpUrl(ref.url) ?? null),
      source: ref.source ?? null,
    })),
    evidence: {
      validated: validated.map((item) => packEvidence(current, item)),
      leads: leads.map((item) => packEvidence(current, item)),
      rejected: rejected.map((item) => ({ ...packEvidence(current, item), by: item.by ?? null, reason: item.reason ?? null })),
    },
    research: { objective: { text: objective.text, origin: objective.origin }, questions: [...current.research.questions] },
    notebooks: current.research.notebooks.map((notebook) => ({
      path: notebook.path,
      title: notebook.title ?? null,
      published: notebook.published,
      colab: book.config.notebooks === undefined ? null : (colabUrl(book.config.notebooks, notebook.path) ?? null),
      state: notebookState(notebook),
      runs: notebook.runs.map((run) => ({
        id: run.id,
        date: run.date,
        outcome: run.outcome,
        environment: run.environment,
        by: run.by ?? null,
        notes: run.notes ?? null,
      })),
    })),
    history: current.research.history.map((pass) => ({
      date: pass.date,
      by: pass.by,
      report: pass.report ?? null,
      fingerprint: pass.fingerprint ?? null,
      readsCurrentRevision: passReadsCurrent(pass, current.fingerprint),
      summary: pass.summary ?? null,
      findings: pass.findings ?? null,
      proposal: pass.proposal ?? null,
      counts: pass.counts === undefined ? null : { claims: pass.counts.claims, sources: pass.counts.sources, leads: pass.counts.leads },
    })),
    claimAudit: current.claims.map((resolved) => ({
      id: resolved.claim.id,
      url: claimUrl(urls, current.book, current.slug, resolved.claim.id),
      text: resolved.text,
      textHash: resolved.textHash,
      location: {
        anchoring: resolved.anchoring,
        start: resolved.location.start,
        end: resolved.location.end,
        line: resolved.location.line,
        column: resolved.location.column,
      },
      status: resolved.status,
      verdict: {
        status: resolved.claim.verdict.status,
        date: resolved.claim.verdict.date ?? null,
        rationale: resolved.claim.verdict.rationale ?? null,
        textHash: resolved.claim.verdict.textHash ?? null,
      },
      stale: resolved.stale,
      reviewDue: resolved.reviewDue,
      priority: resolved.claim.priority,
      concern: resolved.claim.concern ?? null,
      response: resolved.claim.response,
      evidence: [...resolved.evidence],
      sourceReview: sourceReview(current, resolved.claim.id),
    })),
    sourceLedger: current.sources.map((source) => ({
      id: source.id,
      title: source.title,
      authors: [...source.authors],
      venue: source.venue ?? null,
      publisher: source.publisher ?? null,
      published: source.published ?? null,
      updated: source.updated ?? null,
      identifiers: {
        doi: source.identifiers.doi ?? null,
        arxiv: source.identifiers.arxiv ?? null,
        isbn: source.identifiers.isbn ?? null,
      },
      links: {
        url: source.url === undefined ? null : (httpUrl(source.url) ?? null),
        archive: source.archiveUrl === undefined ? null : (httpUrl(source.archiveUrl) ?? null),
        doi: source.identifiers.doi === undefined ? null : doiUrl(source.identifiers.doi),
        arxiv: source.identifiers.arxiv === undefined ? null : arxivUrl(source.identifiers.arxiv),
      },
      reading: source.reading,
      accessed: source.accessed,
      verified: source.verified ?? null,
      limitations: source.limitations ?? null,
      claims: claimsOfSource(current, source.id),
      check: sourceCheck(current, source.id),
    })),
    annotations: webAnnotations(current, urls),
    claimReviews: claimReviews(current, urls),
    csl: cslItems(current),
  };
}

/** What the lock says about a source; null when the model was built without the locks. */
function sourceCheck(chapter: ChapterModel, sourceId: string): PackSource['check'] {
  if (!chapter.sourceChecks) return null;
  const check = sourceCheckOf(chapter, sourceId);
  return check === undefined ? null : sourceCheckData(check);
}

/** Why a claim is flagged for review because of its sources; null when it is not. */
function sourceReview(chapter: ChapterModel, claimId: string): PackClaim['sourceReview'] {
  const review = sourceReviewOf(chapter, claimId);
  return review === undefined ? null : sourceReviewData(review);
}

/**
 * Render a chapter's `pack.json`.
 * @param model the research model.
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns JSON with two-space indentation and a final newline (`<` escaped, see `markup/json.ts`); same inputs, same bytes.
 */
export function renderPackJson(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): string {
  return jsonArtifact(buildPack(model, chapter, urls));
}

/**
 * One W3C Web Annotation per anchored claim, assessing it, with selectors into the snapshot.
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @returns the annotations, in chapter order.
 */
export function webAnnotations(chapter: ChapterModel, urls: SiteUrls): WebAnnotation[] {
  const links = chapterUrls(urls, chapter.book, chapter.slug);
  return chapter.claims.map((resolved) => {
    const { quote, position } = resolved.selectors;
    const rationale = resolved.claim.verdict.rationale;
    return {
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      id: `${links.packJson}#annotation-${encodeURIComponent(resolved.claim.id)}`,
      type: 'Annotation',
      motivation: 'assessing',
      ...(resolved.claim.verdict.date === undefined ? {} : { created: resolved.claim.verdict.date }),
      body: {
        type: 'TextualBody',
        purpose: 'assessing',
        format: 'text/plain',
        value: `${statusText(resolved)}${rationale === undefined ? '' : `: ${rationale}`}`,
      },
      target: {
        source: links.chapter,
        selector: [
          { type: 'TextQuoteSelector', exact: quote.exact, prefix: quote.prefix, suffix: quote.suffix },
          { type: 'TextPositionSelector', start: position.start, end: position.end },
        ],
      },
    };
  });
}

function statusText(resolved: ResolvedClaim): string {
  const label = STATUS_WORD[resolved.status];
  return resolved.status === resolved.claim.verdict.status ? label : `${label} (verdict: ${resolved.claim.verdict.status})`;
}

const RATING = { contradicted: 1, qualified: 2, supported: 3 } as const;

/**
 * schema.org ClaimReviews for the reviewed claims: a verdict of supported,
 * qualified or contradicted that still matches the prose. A stale verdict
 * reviewed other words, so it is not published as a review of these.
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @returns the reviews, in chapter order.
 */
export function claimReviews(chapter: ChapterModel, urls: SiteUrls): ClaimReview[] {
  const links = chapterUrls(urls, chapter.book, chapter.slug);
  const reviews: ClaimReview[] = [];
  for (const resolved of chapter.claims) {
    const verdict = resolved.claim.verdict;
    if (verdict.status === 'unverified' || resolved.stale !== false) continue;
    reviews.push({
      '@context': 'https://schema.org',
      '@type': 'ClaimReview',
      url: claimUrl(urls, chapter.book, chapter.slug, resolved.claim.id),
      claimReviewed: resolved.text,
      ...(verdict.date === undefined ? {} : { datePublished: verdict.date }),
      itemReviewed: {
        '@type': 'Claim',
        appearance: { '@type': 'CreativeWork', url: links.chapter, name: chapter.frontmatter.title },
      },
      reviewRating: {
        '@type': 'Rating',
        ratingValue: RATING[verdict.status],
        bestRating: 3,
        worstRating: 1,
        alternateName: verdict.status,
        ...(verdict.rationale === undefined ? {} : { ratingExplanation: verdict.rationale }),
      },
    });
  }
  return reviews;
}

/**
 * The source ledger as CSL-JSON items.
 * @param chapter the chapter.
 * @returns one item per source, in ledger order.
 */
export function cslItems(chapter: ChapterModel): CslItem[] {
  return chapter.sources.map((source) => {
    const { doi, arxiv, isbn } = source.identifiers;
    const url = (source.url === undefined ? undefined : httpUrl(source.url)) ?? (arxiv === undefined ? undefined : arxivUrl(arxiv));
    const issued = cslDate(source.published);
    const accessed = cslDate(source.accessed);
    return {
      id: source.id,
      type: cslType(source),
      title: source.title,
      ...(source.authors.length === 0 ? {} : { author: source.authors.map((literal) => ({ literal })) }),
      ...(source.venue === undefined ? {} : { 'container-title': source.venue }),
      ...(source.publisher === undefined ? {} : { publisher: source.publisher }),
      ...(issued === undefined ? {} : { issued }),
      ...(doi === undefined ? {} : { DOI: doi }),
      ...(isbn === undefined ? {} : { ISBN: isbn }),
      ...(url === undefined ? {} : { URL: url }),
      ...(arxiv === undefined ? {} : { number: `arXiv:${arxiv}` }),
      ...(accessed === undefined ? {} : { accessed }),
    };
  });
}

function cslType(source: Source): CslItem['type'] {
  const { doi, arxiv, isbn } = source.identifiers;
  if (isbn !== undefined) return 'book';
  if (doi !== undefined && source.venue !== undefined) return 'article-journal';
  if (arxiv !== undefined) return 'article';
  if (source.url !== undefined && doi === undefined) return 'webpage';
  return 'document';
}

function cslDate(value: string | undefined): { 'date-parts': [number[]] } | undefined {
  if (value === undefined) return undefined;
  return { 'date-parts': [value.split('-').map(Number)] };
}

function packEvidence(chapter: ChapterModel, item: EvidenceItem): PackEvidence {
  return {
    id: item.id,
    claims: [...item.claims],
    relation: item.relation,
    class: item.class,
    status: item.status,
    source: { id: item.source, title: findSource(chapter, item.source)?.title ?? null },
    locator: item.locator ?? null,
    note: item.note ?? null,
    recorded: item.recorded,
    run: item.run ?? null,
  };
}
