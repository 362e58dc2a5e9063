/**
 * The decision verbs, in a module of their own so that the program can tell
 * a decision command without loading the core.
 */
import type { DecisionVerb } from '@research-pack/core/review';

/** The decision verbs. */
export const DECISION_VERBS: readonly DecisionVerb[] = ['accept', 'reject', 'accept-claim', 'verdict', 'reviewed', 'source', 'cite'];

/**
 * Whether a command is a decision verb.
 * @param name the command.
 * @returns true for accept, reject, accept-claim, verdict, reviewed, source and cite.
 */
export function isDecisionVerb(name: string): name is DecisionVerb {
  return (DECISION_VERBS as readonly string[]).includes(name);
}
