/**
 * What a "bears on" reference names: a claim id of the chapter, a proposed
 * claim, or a claim-audit row by its label (`C1`, `12`, `N3`), across every
 * claim-audit table of the report, with ranges (`C4–C9`) expanded in the
 * order the rows stand, or by number when the labels share a prefix.
 */
import type { BearsOn } from '../research-report/read.js';

/** What a claim-audit row landed as, by its label. */
export interface LabelledRow {
  label: string;
  /** The claim of the chapter it is about. */
  claim?: string;
  /** The proposed claim it became. */
  proposal?: string;
  /** Held back: about no claim of the chapter; `meant` is the claim its id was one slip from. */
  held?: { meant?: string };
}

/** The claims and proposals a reference names. */
export interface ResolvedRef {
  claims: string[];
  proposals: string[];
  /** Rows held back that it names, by label: what a source said of them lands nowhere, and is said so. */
  held?: Array<{ label: string; meant?: string }>;
}

/** Resolves references against the chapter's claims and the report's rows. */
export interface RefResolver {
  /** The claim ids, proposal ids and row labels it knows, for did-you-mean hints. */
  ids: readonly string[];
  /**
   * What a reference names.
   * @param ref the reference.
   * @returns the claims and proposals, or undefined when it names nothing.
   */
  resolve(ref: BearsOn): ResolvedRef | undefined;
}

/**
 * A resolver over the chapter's claim ids, the proposals' ids and the labelled rows.
 * @param claimIds the chapter's claim ids.
 * @param proposalIds ids of proposed claims (recorded and new).
 * @param rows the claim-audit rows with labels, in document order.
 * @param findings labelled paragraphs of the findings, which name the claims they are about.
 * @returns the resolver.
 */
export function refResolver(claimIds: ReadonlySet<string>, proposalIds: ReadonlySet<string>, rows: readonly LabelledRow[], findings: ReadonlyArray<{ value: string; text: string }> = []): RefResolver {
  const order = rows.map((row) => row.label.toLowerCase());
  const byLabel = new Map<string, LabelledRow>();
  for (const row of rows) if (!byLabel.has(row.label.toLowerCase())) byLabel.set(row.label.toLowerCase(), row);
  // A finding's label (F3) names what its opening names: "F3: cost is an estimate. Qualifies C4."
  for (const finding of findings) {
    const key = finding.value.toLowerCase();
    if (byLabel.has(key)) continue;
    const named = [...finding.text.matchAll(/[A-Za-z0-9][A-Za-z0-9-]*/g)].map((match) => match[0]).filter((word) => word !== finding.value);
    const claims = named.filter((word) => claimIds.has(word)).concat(named.map((word) => byLabel.get(word.toLowerCase())?.claim).filter((id): id is string => id !== undefined));
    const proposals = named.map((word) => byLabel.get(word.toLowerCase())?.proposal).filter((id): id is string => id !== undefined);
    if (claims.length + proposals.length === 0) continue;
    byLabel.set(key, { label: finding.value, ...(claims[0] ? { claim: claims[0] } : {}), ...(proposals[0] && !claims[0] ? { proposal: proposals[0] } : {}) });
  }
  const add = (into: ResolvedRef, row: LabelledRow | undefined) => {
    if (row?.claim && !into.claims.includes(row.claim)) into.claims.push(row.claim);
    if (row?.proposal && !into.proposals.includes(row.proposal)) into.proposals.push(row.proposal);
    if (row?.held) (into.held ??= []).push({ label: row.label, ...row.held });
  };
  const single = (ref: string): ResolvedRef | undefined => {
    if (claimIds.has(ref)) return { claims: [ref], proposals: [] };
    const row = byLabel.get(ref.toLowerCase());
    if (row) {
      const into: ResolvedRef = { claims: [], proposals: [] };
      add(into, row);
      return into;
    }
    if (proposalIds.has(ref)) return { claims: [], proposals: [ref] };
    return undefined;
  };
  return {
    ids: [...claimIds, ...proposalIds, ...rows.map((row) => row.label)],
    resolve(ref) {
      if (ref.to === undefined) return single(ref.ref);
      const into: ResolvedRef = { claims: [], proposals: [] };
      const from = order.indexOf(ref.ref.toLowerCase());
      const to = order.indexOf(ref.to.toLowerCase());
      if (from !== -1 && to !== -1 && from <= to) {
        for (const label of order.slice(from, to + 1)) add(into, byLabel.get(label));
        return into;
      }
      // By number: C4–C9 names C4, C5, … C9, whichever of them exist.
      const a = /^([a-z]*)(\d+)$/i.exec(ref.ref);
      const b = /^([a-z]*)(\d+)$/i.exec(ref.to);
      if (!a || !b || a[1]!.toLowerCase() !== b[1]!.toLowerCase() || Number(b[2]) < Number(a[2]) || Number(b[2]) - Number(a[2]) > 500) return undefined;
      for (let n = Number(a[2]); n <= Number(b[2]); n++) add(into, byLabel.get(`${a[1]!.toLowerCase()}${n}`));
      return into.claims.length + into.proposals.length + (into.held?.length ?? 0) > 0 ? into : undefined;
    },
  };
}
