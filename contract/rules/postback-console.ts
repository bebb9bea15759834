/**
 * The postback console's bounds (docs/decisions/050), without zod: the page's filters and the API
 * read them from here.
 */

/** The periods the counts per status cover, in days. */
export const POSTBACK_CONSOLE_DAYS = [1, 7, 30, 90] as const;

/** Rows of the delivery log per page. */
export const POSTBACK_LOG_PAGE = 50;

/** How much of a network's answer to a test is shown, in bytes. */
export const TEST_BODY_MAX = 2048;

/** The answer headers a test shows, when the network sends them. */
export const TEST_RESPONSE_HEADERS = ["content-type", "content-length", "location", "server", "date", "retry-after"] as const;

/** Test sends per staff member and minute: each makes our server fetch a URL. */
export const TEST_SENDS_PER_MINUTE = 10;
