/** docs/product/limits-and-defaults.md: the review grid's page sizes (default 10); its cells cut at 50 characters (ReviewRow). */
export const PAGE_SIZES = [5, 10, 25, 50];
/** Every row has this height, so the grid knows where any row is without measuring it. */
export const ROW_HEIGHT = 44;
/** Rows rendered above and below the visible ones, so a scroll shows rows at once. */
export const OVERSCAN = 5;
/** Browsers cap an element's height (Chrome near 33M px): past this, a scroll pixel moves more than a pixel of rows. */
export const MAX_SCROLL_HEIGHT = 10_000_000;
