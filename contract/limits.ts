/**
 * Every length, age and size limit both sides enforce (docs/product.md §5, §9). The browser's
 * form schemas, the app's actions and the API all read them from here, so they cannot differ.
 */
export const NAME_MAX = 150;
export const CITY_MAX = 255;
export const PASSWORD_MAX = 1000;
/** A new password (designed; the spec gives no bound): at least this many characters. */
export const NEW_PASSWORD_MIN = 8;
export const EMAIL_MAX = 254;
/** About-me texts (designed; the spec gives no bound). */
export const PERSONAL_MAX = 2000;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
/** The longest chat message, in UTF-16 code units (what a textarea's maxlength counts). */
export const MESSAGE_MAX = 2000;
/** Search results per page (`pp`). */
export const PAGE_SIZE = 12;
/**
 * The last search page one can ask for; search.php's num_results counts up to this many pages'
 * worth (pp × SEARCH_MAX_PAGE) and no further (docs/decisions/031).
 */
export const SEARCH_MAX_PAGE = 1000;
/** The largest request body the API reads, photos aside (docs/api.md: payload_too_large). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A report's or a notice's explanation (docs/product.md "Trust and safety"). */
export const EXPLANATION_MAX = 1000;
/** A notice's "what": a URL or a member id. */
export const SUBJECT_URL_MAX = 500;
/** An appeal's text (DSA art. 20; docs/product.md "Bans and appeals"). */
export const APPEAL_MAX = 2000;
/**
 * How long a "This was not me" rescue link works (docs/decisions/039), and so how long
 * /notifications shows what to do after an email change (issue 29 point 20).
 */
export const RESCUE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A chat's "… is typing" signal is sent at most this often, by members and hosts alike (issue 27). */
export const TYPING_SIGNAL_MS = 4_000;
