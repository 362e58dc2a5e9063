/**
 * The research pack page: the body of `/research/books/<book>/<chapter>/` as
 * one hast tree, assembled here from its sections in page order — identity,
 * downloads, references, validated evidence and unverified leads in separate
 * sections, objective and questions, notebooks, research history, the claim
 * audit and the source ledger.
 *
 * Everything is built as hast (never raw HTML), so sidecar text is always
 * text; only http(s), DOI and arXiv values become links. Missing data is
 * stated as a fact. Semantic HTML that works without JavaScript: one `h1`,
 * `h2` per section, `h3` inside; tables with a caption and scoped headers.
 */
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { timeElement, type HastChild } from '../markup/hast.js';
import type { ChapterModel, ResearchModel } from '../model/types.js';
import { packSchemaUrl, type SiteUrls } from '../site/urls.js';
import { claimAuditSection } from './pack-claim-audit.js';
import { packContext, type PackContext } from './pack-context.js';
import { evidenceSections } from './pack-evidence.js';
import { historySection, notebooksSection, objectiveSection, referencesSection } from './pack-research-record.js';
import { sourceLedgerSection } from './pack-source-ledger.js';
import { proposalSections } from './pack-proposals.js';
import { awaitingReviewSection } from './pack-review.js';

/**
 * Build the research pack page body as hast.
 * @param model the research model (its `asOf` is shown).
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns a hast root holding one `<article class="rp-pack">`.
 */
export function packHast(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): Root {
  const context = packContext(model, chapter, urls);
  const article = h('article', { className: ['rp-pack'], ariaLabelledBy: 'rp-pack-title' }, [
    header(context),
    downloads(context),
    referencesSection(context),
    ...evidenceSections(context),
    objectiveSection(context),
    notebooksSection(context),
    historySection(context),
    awaitingReviewSection(context),
    claimAuditSection(context),
    proposalSections(context.chapter),
    sourceLedgerSection(context),
  ]);
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

function header({ model, book, chapter, links }: PackContext): Element {
  const row = (term: string, value: HastChild | HastChild[]) => [h('dt', term), h('dd', value)];
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
      ...row('Statuses as of', timeElement(model.asOf)),
    ]),
  ]);
}

function downloads({ urls, links }: PackContext): Element {
  const item = (href: string, name: string, description: string) => h('li', [h('a', { href, download: name }, name), ` — ${description}`]);
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
