/**
 * The research pack page: the body of `/research/books/<book>/<chapter>/` as
 * a hast tree — identity, downloads, references, validated evidence and
 * unverified leads in separate sections, objective and questions, notebooks,
 * research history, the claim audit and the source ledger — plus the
 * schema.org ClaimReview JSON-LD the chapter page embeds.
 *
 * Everything is built as hast (never raw HTML), so sidecar text is always
 * text; only http(s), DOI and arXiv values become links. Missing data is
 * stated as a fact. Semantic HTML that works without JavaScript: one `h1`,
 * `h2` per section, `h3` inside; tables with a caption and scoped headers.
 * Claim rows link to the claim on the chapter page as `#rp-claim-<id>`; each
 * row is `#rp-audit-<id>`, where a claim's popover links to.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { resolveObjective } from './brief-wording.js';
import { colabUrl } from '../site/colab.js';
import type { BookModel, ChapterModel, ResearchModel, ResolvedClaim } from '../model/types.js';
import { AVAILABILITY_STATEMENT } from './brief.js';
import { claimReviews } from './pack-json.js';
import { proposalSections } from './pack-proposals.js';
import { claimsOfSource, findSource, latestRun, locateChapter, passReadsCurrent, splitEvidence } from '../model/queries.js';
import type { EvidenceItem, Notebook, ResearchPass, Source } from '../schema/sidecars.js';
import { safeHref } from '../site/safe-url.js';
import { auditFragment, chapterUrls, claimUrl, packSchemaUrl, type ChapterUrls, type SiteUrls } from '../site/urls.js';
import { STATUS_WORD, ANCHORING_WORD, READING, STALE_REASON, plural } from '../model/words.js';

type Child = ElementContent | string;

/**
 * A data table in a scroll container, so a wide table scrolls sideways on a
 * narrow screen instead of the page. The container is a named region that
 * takes focus, so keyboard users can scroll it too.
 * @param className the table's class.
 * @param caption the table's caption, also the region's name.
 * @param children the table's `thead` and `tbody`.
 * @returns `<div class="rp-table-scroll" role="region">` around the table.
 */
export function scrollableTable(className: string, caption: string, children: Element[]): Element {
  return h('div', { className: ['rp-table-scroll'], role: 'region', ariaLabel: caption, tabIndex: 0 }, [
    h('table', { className: [className] }, [h('caption', caption), ...children]),
  ]);
}


/**
 * Build the research pack page body as hast.
 * @param model the research model (its `asOf` is shown).
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns a hast root holding one `<article class="rp-pack">`.
 */
export function packHast(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): Root {
  const located = locateChapter(model, chapter);
  const { book } = located;
  const current = located.chapter;
  const links = chapterUrls(urls, book.slug, current.slug);
  const context: Context = { model, book, chapter: current, urls, links };
  const article = h('article', { className: ['rp-pack'], ariaLabelledBy: 'rp-pack-title' }, [
    header(context),
    downloads(context),
    referencesSection(context),
    evidenceSections(context),
    objectiveSection(context),
    notebooksSection(context),
    historySection(context),
    claimAuditSection(context),
    proposalSections(current),
    sourceLedgerSection(context),
  ].flat());
  return { type: 'root', children: [article] };
}

/**
 * Render the research pack page body as HTML.
 * @param model the research model.
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns the HTML of the `<article>`; same inputs, same bytes.
 */
export function renderPackHtml(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): string {
  return toHtml(packHast(model, chapter, urls));
}

/**
 * schema.org ClaimReview JSON-LD for the chapter page's reviewed claims, safe
 * to put inside `<script type="application/ld+json">`: `<`, `>`, `&`, U+2028
 * and U+2029 are written as `\u` escapes, so `</script>` or `<!--` in a
 * sidecar string cannot end the script element.
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @returns the JSON-LD text, or `''` when no claim has a publishable review.
 */
export function claimReviewJsonLd(chapter: ChapterModel, urls: SiteUrls): string {
  const reviews = claimReviews(chapter, urls);
  if (reviews.length === 0) return '';
  const graph = reviews.map(({ '@context': _context, ...review }) => review);
  return escapeJsonForScript(JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }));
}

/**
 * The chapter page's `<script type="application/ld+json">` element as hast.
 * @param chapter the chapter.
 * @param urls where the site's pages live.
 * @returns the element, or `undefined` when there is nothing to publish.
 */
export function claimReviewScript(chapter: ChapterModel, urls: SiteUrls): Element | undefined {
  const json = claimReviewJsonLd(chapter, urls);
  return json === '' ? undefined : h('script', { type: 'application/ld+json' }, json);
}

/**
 * Make JSON safe inside an HTML `<script>` element (and in JavaScript source).
 * @param json serialized JSON.
 * @returns the same JSON value with `<`, `>`, `&`, U+2028, U+2029 as `\u` escapes.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface Context {
  model: ResearchModel;
  book: BookModel;
  chapter: ChapterModel;
  urls: SiteUrls;
  links: ChapterUrls;
}

function header({ model, book, chapter, links }: Context): Element {
  const row = (term: string, value: Child | Child[]) => [h('dt', term), h('dd', value)];
  return h('header', { className: ['rp-pack-header'] }, [
    h('p', { className: ['rp-pack-kicker'] }, `Research pack · ${book.config.title}`),
    h('h1', { id: 'rp-pack-title' }, `Chapter ${chapter.frontmatter.number}: ${chapter.frontmatter.title}`),
    h('dl', { className: ['rp-identity'] }, [
      ...row('Book', book.config.title),
      ...row('Chapter', h('a', { href: links.chapter }, chapter.frontmatter.title)),
      ...row('Chapter number', String(chapter.frontmatter.number)),
      ...row('Stable id', h('code', chapter.id)),
      ...row('Chapter URL', h('a', { href: links.chapter }, links.chapter)),
      ...row('Research pack', h('a', { href: links.pack }, links.pack)),
      ...row('Chapter prose fingerprint (sha256, normalized)', h('code', { className: ['rp-fingerprint'] }, chapter.fingerprint)),
      ...row('Statuses as of', h('time', { dateTime: model.asOf }, model.asOf)),
    ]),
  ]);
}

function downloads({ urls, links }: Context): Element {
  const item = (href: string, name: string, description: string) =>
    h('li', [h('a', { href, download: name }, name), ` — ${description}`]);
  return h('nav', { className: ['rp-downloads'], ariaLabelledBy: 'rp-section-downloads' }, [
    h('h2', { id: 'rp-section-downloads' }, 'Downloads'),
    h('ul', [
      item(links.snapshot, 'chapter-snapshot.txt', 'the complete plain-text snapshot of this revision; its sha256 is the fingerprint above'),
      item(links.brief, 'brief.md', 'the research brief to hand to a researcher'),
      item(links.report, 'report.md', "the chapter's research report, assembled from the records below"),
      h('li', [
        h('a', { href: links.packJson, download: 'pack.json' }, 'pack.json'),
        ' — all of this page as versioned JSON (',
        h('a', { href: packSchemaUrl(urls) }, 'JSON Schema'),
        '), with W3C Web Annotations, ClaimReviews and CSL-JSON',
      ]),
    ]),
  ]);
}

function section(id: string, title: string, children: Child[]): Element {
  return h('section', { className: ['rp-section'], ariaLabelledBy: id }, [h('h2', { id }, title), ...children]);
}

function fact(text: string): Element {
  return h('p', { className: ['rp-none'] }, text);
}

function referencesSection({ chapter }: Context): Element {
  const refs = chapter.research.references;
  if (refs.length === 0) {
    return section('rp-section-references', 'References and bibliography', [
      fact(
        "No references are recorded against this chapter. That is a fact about the site's records, not a finding that the chapter is unsourced.",
      ),
    ]);
  }
  return section('rp-section-references', 'References and bibliography', [
    h(
      'ul',
      refs.map((ref) => {
        const inLedger = ref.source === undefined ? undefined : findSource(chapter, ref.source);
        return h('li', { id: `rp-reference-${ref.id}` }, [
          ref.citation,
          ...(ref.url === undefined ? [] : [' ', externalLink(ref.url)]),
          ...(ref.source === undefined
            ? []
            : [' (', inLedger === undefined ? `source ${ref.source}, not in the ledger` : h('a', { href: `#rp-source-${ref.source}` }, `source ${ref.source}`), ')']),
        ]);
      }),
    ),
  ]);
}

function evidenceSections({ chapter, urls }: Context): Element[] {
  const { validated, leads } = splitEvidence(chapter);
  return [
    section(
      'rp-section-validated',
      'Validated evidence',
      validated.length === 0
        ? [fact(`No validated evidence has been recorded for this chapter.${chapter.research.history.length === 0 ? ' No research pass has been recorded against it yet.' : ''}`)]
        : [h('ul', { className: ['rp-evidence'] }, validated.map((item) => evidenceItem(chapter, urls, item)))],
    ),
    section('rp-section-leads', 'Unverified leads', [
      h('p', { className: ['rp-warning'] }, 'Unverified candidates and seeds: leads only — verify before relying on any of them.'),
      leads.length === 0 ? fact('No leads are recorded for this chapter.') : h('ul', { className: ['rp-evidence', 'rp-leads'] }, leads.map((item) => evidenceItem(chapter, urls, item))),
    ]),
  ];
}

function evidenceItem(chapter: ChapterModel, urls: SiteUrls, item: EvidenceItem): Element {
  const source = findSource(chapter, item.source);
  const claimLinks = item.claims.flatMap((id, index) => [...(index === 0 ? [] : [', ']), claimLink(chapter, urls, id)]);
  return h('li', { id: `rp-evidence-${item.id}`, dataRelation: item.relation, dataClass: item.class }, [
    h('strong', item.id),
    `: ${item.claims.length === 1 ? 'claim' : 'claims'} `,
    ...claimLinks,
    `; relation: ${item.relation}; class: ${item.class}; source: `,
    source === undefined ? `${item.source} (not in the ledger)` : h('a', { href: `#rp-source-${source.id}` }, source.title),
    `; locator: ${item.locator ?? 'not recorded'}; recorded `,
    h('time', { dateTime: item.recorded }, item.recorded),
    ...(item.run === undefined ? [] : [`; from notebook run ${item.run}`]),
    '.',
    ...(item.note === undefined ? [] : [' ', h('span', { className: ['rp-note'] }, item.note)]),
  ]);
}

function claimLink(chapter: ChapterModel, urls: SiteUrls, claimId: string): Child {
  return chapter.claims.some((resolved) => resolved.claim.id === claimId)
    ? h('a', { href: claimUrl(urls, chapter.book, chapter.slug, claimId) }, claimId)
    : `${claimId} (not a recorded claim)`;
}

function objectiveSection({ book, chapter }: Context): Element {
  const objective = resolveObjective(book, chapter);
  const questions = chapter.research.questions;
  return section('rp-section-objective', 'Research objective and questions', [
    h('p', { className: ['rp-objective'] }, objective.text),
    questions.length === 0
      ? fact('No specific research questions are recorded for this chapter beyond the objective above.')
      : h('ol', { className: ['rp-questions'] }, questions.map((question) => h('li', question))),
  ]);
}

function notebooksSection({ book, chapter }: Context): Element {
  const notebooks = chapter.research.notebooks;
  return section('rp-section-notebooks', 'Notebooks', [
    notebooks.length === 0
      ? fact('No notebooks are associated with this chapter.')
      : h('ul', { className: ['rp-notebooks'] }, notebooks.map((notebook) => notebookItem(book, notebook))),
    h('p', { className: ['rp-warning'] }, AVAILABILITY_STATEMENT),
  ]);
}

function notebookItem(book: BookModel, notebook: Notebook): Element {
  const repository = book.config.notebooks;
  const colab = repository === undefined ? undefined : colabUrl(repository, notebook.path);
  const run = latestRun(notebook);
  const inventory =
    repository === undefined
      ? 'The book names no notebooks repository, so no Colab link can be derived.'
      : notebook.published
        ? `In the published inventory of ${repository.github} (branch ${repository.branch}).`
        : `Not in the published inventory of ${repository.github} (branch ${repository.branch}); the link may not open.`;
  return h('li', { dataState: run?.outcome ?? 'never-run' }, [
    h('p', [
      colab === undefined ? h('code', notebook.path) : h('a', { href: colab }, [h('code', notebook.path), ' (open in Colab)']),
      ...(notebook.title === undefined ? [] : [` — ${notebook.title}`]),
    ]),
    h('p', inventory),
    notebook.runs.length === 0
      ? h('p', { className: ['rp-unverified'] }, 'Unverified: no recorded run.')
      : scrollableTable('rp-runs', `Recorded runs of ${notebook.path}, oldest first`, [
          h('thead', h('tr', ['Date', 'Outcome', 'Run id', 'Environment', 'By', 'Notes'].map((label) => h('th', { scope: 'col' }, label)))),
          h(
            'tbody',
            notebook.runs.map((entry) =>
              h('tr', [
                h('th', { scope: 'row' }, h('time', { dateTime: entry.date }, entry.date)),
                h('td', { dataOutcome: entry.outcome }, entry.outcome),
                h('td', h('code', entry.id)),
                h('td', entry.environment),
                h('td', entry.by ?? 'not recorded'),
                h('td', entry.notes ?? 'none recorded'),
              ]),
            ),
          ),
        ]),
  ]);
}

function historySection({ chapter }: Context): Element {
  const passes = chapter.research.history;
  if (passes.length === 0) {
    return section('rp-section-history', 'Research history', [fact('No research has been recorded for this chapter yet. The next research pass will be the first.')]);
  }
  return section('rp-section-history', 'Research history', [
    scrollableTable('rp-history', `Research passes over this chapter, oldest first (${passes.length})`, [
      h('thead', h('tr', ['Date', 'By', 'Report', 'Revision read', 'Summary', 'Recorded'].map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', passes.map((pass) => passRow(pass, chapter.fingerprint))),
    ]),
  ]);
}

function passRow(pass: ResearchPass, fingerprint: string): Element {
  const reads = passReadsCurrent(pass, fingerprint);
  const revision =
    reads === null
      ? ['not recorded']
      : [h('code', pass.fingerprint ?? ''), reads ? ' — the current revision' : ' — not the current revision: the chapter has changed since'];
  return h('tr', { dataCurrent: reads === null ? 'unknown' : String(reads) }, [
    h('th', { scope: 'row' }, h('time', { dateTime: pass.date }, pass.date)),
    h('td', pass.by),
    h('td', pass.report === undefined ? 'not recorded' : h('code', pass.report)),
    h('td', revision),
    h('td', pass.summary ?? 'not recorded'),
    h('td', pass.counts === undefined ? 'not recorded' : `${plural(pass.counts.claims, 'claim')}, ${plural(pass.counts.sources, 'source')}, ${plural(pass.counts.leads, 'lead')}`),
  ]);
}

function claimAuditSection({ book, chapter, urls }: Context): Element {
  if (chapter.claims.length === 0) return section('rp-section-claim-audit', 'Claim audit', [fact('No claims are recorded for this chapter.')]);
  const columns = ['Claim', 'Location', 'Status', 'Evidence', 'Concern', 'Priority', 'Proposed response'];
  return section('rp-section-claim-audit', 'Claim audit', [
    scrollableTable('rp-claim-audit', `Claims in this chapter (${chapter.claims.length}), in the order they appear`, [
      h('thead', h('tr', columns.map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', chapter.claims.map((resolved) => claimRow(book, chapter, urls, resolved))),
    ]),
  ]);
}

function claimRow(book: BookModel, chapter: ChapterModel, urls: SiteUrls, resolved: ResolvedClaim): Element {
  const { claim } = resolved;
  const verdict = claim.verdict;
  const status: Child[] = [h('strong', STATUS_WORD[resolved.status])];
  if (resolved.status !== verdict.status) status.push(` (verdict: ${verdict.status})`);
  if (verdict.date !== undefined) status.push(', ', h('time', { dateTime: verdict.date }, verdict.date));
  if (verdict.rationale !== undefined) status.push(h('br'), verdict.rationale);
  if (resolved.stale !== false) status.push(h('br'), `Stale: ${STALE_REASON[resolved.stale]}.`);
  if (resolved.reviewDue) status.push(h('br'), `Review due: the newest validated evidence is older than ${book.config.reviewAfterDays} days.`);
  const evidence: Child[] =
    resolved.evidence.length === 0
      ? ['none recorded']
      : [
          h(
            'ul',
            resolved.evidence.map((id) => {
              const item = chapter.evidence.find((candidate) => candidate.id === id);
              return h('li', item === undefined ? `${id} (not recorded)` : [h('a', { href: `#rp-evidence-${id}` }, id), ` (${item.status}, ${item.relation}, ${item.class})`]);
            }),
          ),
        ];
  return h('tr', { id: auditFragment(claim.id), dataStatus: resolved.status }, [
    h('th', { scope: 'row' }, [h('a', { href: claimUrl(urls, chapter.book, chapter.slug, claim.id) }, claim.id), h('br'), h('q', resolved.text)]),
    h('td', `line ${resolved.location.line}, column ${resolved.location.column} (${ANCHORING_WORD[resolved.anchoring]})`),
    h('td', status),
    h('td', evidence),
    h('td', claim.concern ?? 'none recorded'),
    h('td', claim.priority),
    h('td', claim.response),
  ]);
}

function sourceLedgerSection({ chapter, urls }: Context): Element {
  if (chapter.sources.length === 0) {
    return section('rp-section-source-ledger', 'Source ledger', [fact('No sources are recorded in the source ledger of this chapter.')]);
  }
  const columns = ['Source', 'Metadata', 'Identifiers', 'URL', 'Reading status', 'Claims', 'Limitations', 'Accessed / verified'];
  return section('rp-section-source-ledger', 'Source ledger', [
    scrollableTable('rp-source-ledger', `Sources consulted for this chapter (${chapter.sources.length})`, [
      h('thead', h('tr', columns.map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', chapter.sources.map((source) => sourceRow(chapter, urls, source))),
    ]),
  ]);
}

function sourceRow(chapter: ChapterModel, urls: SiteUrls, source: Source): Element {
  const { doi, arxiv, isbn } = source.identifiers;
  const metadata = [
    source.authors.length === 0 ? 'Authors not recorded' : source.authors.join(', '),
    source.venue,
    source.publisher,
    source.published === undefined ? 'publication date not recorded' : `published ${source.published}`,
    source.updated === undefined ? undefined : `updated ${source.updated}`,
  ].filter((part) => part !== undefined);
  const identifiers: Child[] = [];
  const add = (children: Child[]) => identifiers.push(...(identifiers.length === 0 ? [] : [h('br')]), ...children);
  if (doi !== undefined) add(['DOI ', externalLink(`doi:${doi}`, doi)]);
  if (arxiv !== undefined) add(['arXiv ', externalLink(`arxiv:${arxiv}`, arxiv)]);
  if (isbn !== undefined) add([`ISBN ${isbn}`]);
  const location: Child[] = [];
  if (source.url !== undefined) location.push(externalLink(source.url));
  if (source.archiveUrl !== undefined) location.push(...(location.length === 0 ? [] : [h('br')]), 'Archived copy: ', externalLink(source.archiveUrl));
  const claims = claimsOfSource(chapter, source.id);
  return h('tr', { id: `rp-source-${source.id}`, dataReading: source.reading }, [
    h('th', { scope: 'row' }, [h('code', source.id), h('br'), h('cite', source.title)]),
    h('td', metadata.join('; ')),
    h('td', identifiers.length === 0 ? ['none recorded'] : identifiers),
    h('td', location.length === 0 ? ['none recorded'] : location),
    h('td', READING[source.reading].word),
    h('td', claims.length === 0 ? ['none recorded'] : claims.flatMap((id, index) => [...(index === 0 ? [] : [', ']), claimLink(chapter, urls, id)])),
    h('td', source.limitations ?? 'none recorded'),
    h('td', [
      'accessed ',
      h('time', { dateTime: source.accessed }, source.accessed),
      '; ',
      ...(source.verified === undefined ? ['metadata not verified'] : ['verified ', h('time', { dateTime: source.verified }, source.verified)]),
    ]),
  ]);
}

/** A link for a value that passes the safe-URL rule; the value as text (marked) otherwise. */
function externalLink(value: string, text = value): Child {
  const href = safeHref(value);
  if (href === undefined) return h('span', { className: ['rp-unlinked'] }, `${text} (not linked: not an http(s) URL, DOI or arXiv id)`);
  return h('a', { href, rel: ['external', 'noopener', 'noreferrer'] }, text);
}

