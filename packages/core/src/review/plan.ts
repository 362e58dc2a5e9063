/**
 * Planning the author's decisions as edits of the sidecars: each decision's
 * item is found, decisions on one item must agree, and each one is applied
 * with the ingest's editor (only the edited nodes are rendered; everything
 * else stays as the author wrote it). A decision already recorded changes
 * nothing; one that contradicts what is recorded, or an item that changed
 * since it was listed, is an error naming the item and what to do. With any
 * error, nothing is planned.
 */
import { editYaml, SIDECAR_KEY_ORDER, YamlEditError, type YamlEdit } from '../ingest/yaml-edit.js';
import type { PlannedFile } from '../ingest/plan.js';
import { itemKey } from '../model/review-queue.js';
import type { ChapterModel, ResearchModel } from '../model/types.js';
import { decisionDifference, describeDecision, sameDecision, type Decision } from './decisions.js';
import { applyDecision, type ChapterEdits } from './apply.js';
import type { PassReports } from './from-pass.js';
import { resolveTarget, type ResolvedTarget } from './resolve.js';

/** A chapter's sidecar: its path relative to the project root and its text (undefined when it does not exist). */
export type SidecarText = { file: string; text: string | undefined };

/** Options of `planDecisions`. */
export interface PlanDecisionsOptions {
  model: ResearchModel;
  decisions: readonly Decision[];
  /** `<book>/<chapter>`: ids are looked up in this chapter only. */
  scope?: string | undefined;
  /** The text of a chapter's sidecar. */
  sidecar: (chapter: ChapterModel, kind: 'claims' | 'evidence' | 'research') => SidecarText;
  /** How `verdict --from-pass` reads a pass's report. */
  reports: PassReports;
}

/** What one decision does. */
export interface DecisionOutcome {
  decision: Decision;
  target: ResolvedTarget;
  /** False when the decision is already recorded: nothing changes. */
  changed: boolean;
  /** One line: what it records, or that it is already recorded. */
  summary: string;
}

/** The plan: the new sidecar texts, or the errors that refuse every decision. */
export interface DecisionPlan {
  outcomes: DecisionOutcome[];
  files: PlannedFile[];
  /** Each names the decision and the item, and says what to do. */
  errors: string[];
}

/**
 * Plan decisions.
 * @param options the model, the decisions, the sidecars and the reports.
 * @returns the edits, or the errors.
 */
export function planDecisions(options: PlanDecisionsOptions): DecisionPlan {
  const errors: string[] = [];
  const resolved: Array<{ decision: Decision; target: ResolvedTarget; key: string }> = [];
  const unresolved: Array<{ decision: Decision; error: string }> = [];
  for (const decision of options.decisions) {
    const target = resolveTarget(options.model, decision.target, decision.verb, decision.chapter ?? options.scope);
    if ('error' in target) unresolved.push({ decision, error: target.error });
    // A citation is a new item: two of one source, on other claims or with another relation, are two decisions.
    else resolved.push({ decision, target, key: itemKey(target.chapter.id, target.kind, target.id) + (decision.verb === 'cite' ? ` cite ${decision.relation} ${[...decision.claims].sort().join(',')}` : '') });
  }
  // A claim this very call makes (accept-claim) is no claim of the books yet: said so, not "no claim".
  const made = new Map<string, Decision>();
  for (const { decision, target } of resolved) {
    if (decision.verb !== 'accept-claim' || target.kind !== 'proposal') continue;
    made.set(decision.id ?? decision.directive ?? target.id, decision);
  }
  for (const { decision, error } of unresolved) {
    const maker = decision.verb === 'verdict' || decision.verb === 'reviewed' ? made.get(decision.target) : undefined;
    errors.push(
      maker
        ? `${describeDecision(decision)}: claim "${decision.target}" is made by \`${describeDecision(maker)}\` in this call and is not a claim of the books yet; give its verdict in a second call, once it is written (and its leads accepted)`
        : `${describeDecision(decision)}: ${error}`,
    );
  }
  // Several decisions on one item: the same one given twice is one; different ones are refused together.
  const unique: typeof resolved = [];
  for (const entry of resolved) {
    const first = unique.find((other) => other.key === entry.key);
    if (!first) unique.push(entry);
    else if (!sameDecision(first.decision, entry.decision)) {
      errors.push(
        `${describeDecision(first.decision)} and ${describeDecision(entry.decision)} contradict each other: both decide the ${entry.target.kind === 'proposal' ? 'proposed claim' : entry.target.kind} "${entry.target.id}" of ${spec(entry.target.chapter)}, differently (${decisionDifference(first.decision, entry.decision)}); give one decision for it`,
      );
    }
  }
  const edits = new Map<ChapterModel, ChapterEdits>();
  const editsOf = (chapter: ChapterModel) => {
    let chapterEdits = edits.get(chapter);
    if (!chapterEdits) {
      chapterEdits = chapterEditsOf(chapter, options.sidecar);
      edits.set(chapter, chapterEdits);
    }
    return chapterEdits;
  };
  // The claims whose leads this call accepts, for what a re-confirmation in it says of their evidence's age.
  for (const { decision, target } of unique) {
    if (decision.verb !== 'accept' || target.kind !== 'lead') continue;
    const { acceptedNow } = editsOf(target.chapter);
    for (const claim of target.chapter.evidence[target.index]!.claims) acceptedNow.add(claim);
  }
  const outcomes: DecisionOutcome[] = [];
  for (const { decision, target } of unique) {
    const chapterEdits = editsOf(target.chapter);
    let applied: ReturnType<typeof applyDecision>;
    try {
      applied = applyDecision(decision, target, chapterEdits, options.reports);
    } catch (error) {
      // A sidecar the editor cannot change as asked (a value shared through a YAML alias): said, not thrown.
      if (!(error instanceof YamlEditError)) throw error;
      applied = { error: error.message };
    }
    if ('error' in applied) errors.push(`${describeDecision(decision)}: ${applied.error}`);
    else outcomes.push({ decision, target, changed: applied.changed, summary: applied.summary });
  }
  if (errors.length > 0) return { outcomes, files: [], errors };
  const files: PlannedFile[] = [];
  for (const chapterEdits of edits.values()) {
    for (const kind of ['claims', 'evidence', 'research'] as const) {
      const entry = chapterEdits[kind];
      if (entry.edit.changed) files.push({ kind, file: entry.file, before: entry.text, after: entry.edit.toString() });
    }
  }
  return { outcomes, files, errors };
}

function chapterEditsOf(chapter: ChapterModel, sidecar: PlanDecisionsOptions['sidecar']): ChapterEdits {
  const open = (kind: 'claims' | 'evidence' | 'research') => {
    const { file, text } = sidecar(chapter, kind);
    let edit: YamlEdit | undefined;
    return {
      file,
      text,
      get edit(): YamlEdit {
        edit ??= editYaml(text, SIDECAR_KEY_ORDER[kind], file);
        return edit;
      },
    };
  };
  return { chapter, claims: open('claims'), evidence: open('evidence'), research: open('research'), usedIds: new Set(chapter.evidence.map((item) => item.id)), newClaims: new Set(), acceptedNow: new Set() };
}

function spec(chapter: ChapterModel): string {
  return `${chapter.book}/${chapter.slug}`;
}
