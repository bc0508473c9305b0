/** docs/product.md#states-and-transitions, #constants-and-limits: the list follows new messages while the reader is within 75 px of the bottom. */
export const SCROLL_FOLLOW_THRESHOLD_PX = 75;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Near enough to the bottom that new messages should scroll into view (and 'SCROLL TO BOTTOM' hides). */
export function isNearBottom(box: ScrollBox, threshold = SCROLL_FOLLOW_THRESHOLD_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}
