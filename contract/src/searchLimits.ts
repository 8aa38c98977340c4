// Zod-free on purpose: the shell's top bar reads these on every dashboard page, and importing them
// must not bring the schemas (and zod) into the first paint (ADR 0008).

/** Suggestions of each kind that GET /api/search answers with. */
export const GLOBAL_SEARCH_LIMIT = 5;
/** The longest search the top bar sends; longer text is refused, never cut silently. */
export const GLOBAL_SEARCH_MAX_LENGTH = 100;
