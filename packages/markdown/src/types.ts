/**
 * The nodes the claim transform adds to mdast, and the augmentation that
 * makes them part of `mdast`'s content types.
 */
import type { ElementContent, Properties } from 'hast';
import type { Data, Parent, PhrasingContent } from 'mdast';

/** Data of a claim wrapper: it becomes a `<span>` with the claim's id and status. */
export interface ResearchClaimData extends Data {
  hName: 'span';
  hProperties: Properties;
  /** The claim's id. */
  claimId: string;
}

/**
 * A claim in the prose: the claim's text (with its inline markup), then its
 * status marker, then its popover (unless the plugins' `popovers` is `'page'`).
 */
export interface ResearchClaim extends Parent {
  type: 'researchClaim';
  children: Array<PhrasingContent | ResearchClaimMarker | ResearchClaimPopover>;
  data: ResearchClaimData;
}

/** Data of a childless node that stands for a hast element. */
export interface ResearchClaimElementData extends Data {
  hName: string;
  hProperties: Properties;
  hChildren: ElementContent[];
}

/** The status marker: a `<button>` that opens the popover. */
export interface ResearchClaimMarker {
  type: 'researchClaimMarker';
  data: ResearchClaimElementData;
}

/** The popover: a `<span popover>` with the verdict and evidence. */
export interface ResearchClaimPopover {
  type: 'researchClaimPopover';
  data: ResearchClaimElementData;
}

declare module 'mdast' {
  interface PhrasingContentMap {
    researchClaim: ResearchClaim;
    researchClaimMarker: ResearchClaimMarker;
    researchClaimPopover: ResearchClaimPopover;
  }
  interface RootContentMap {
    researchClaim: ResearchClaim;
    researchClaimMarker: ResearchClaimMarker;
    researchClaimPopover: ResearchClaimPopover;
  }
}
