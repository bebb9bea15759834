/**
 * Trust and safety (docs/product.md "Trust and safety", ADR 028): the fixed lists both sides
 * share. A member's report and a DSA notice each pick a category from their list; the app
 * translates them as safety.categories.<category>.
 */

/** What a member may report another member for. */
export const REPORT_CATEGORIES = [
  "fake_profile",
  "scam",
  "harassment",
  "spam",
  "inappropriate_photos",
  "underage",
  "other",
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/**
 * What a notice (DSA art. 16) may be about: the kinds of illegal content first, then a breach of
 * the terms. The notifier may stay anonymous only for child sexual abuse material (DSA art.
 * 16(2)(c), referring to Directive 2011/93/EU).
 */
export const NOTICE_CATEGORIES = [
  "child_sexual_abuse",
  "non_consensual_imagery",
  "illegal_hate_speech",
  "terrorist_content",
  "fraud",
  "intellectual_property",
  "privacy_violation",
  "harassment",
  "underage",
  "other_illegal",
  "terms_violation",
] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

/** The one category for which a notice may leave out the notifier's name and address. */
export const ANONYMOUS_NOTICE_CATEGORY: NoticeCategory = "child_sexual_abuse";

/** What a notice is about. */
export const NOTICE_SUBJECTS = ["profile", "photo", "message"] as const;
export type NoticeSubject = (typeof NOTICE_SUBJECTS)[number];

/** Every category a moderation case may carry (the staff console lists both kinds). */
export type ModerationCategory = ReportCategory | NoticeCategory;

/** A case's reference as shown to the reporter: R- (report) or N- (notice) and 8 letters or digits. */
export const CASE_REFERENCE = /^[RN]-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

/**
 * The member id a notice's "what" names: a bare id, or a URL whose path is a member page
 * (/members/12, /likes/m/12, /members/12/chat). null when it names none.
 */
export function memberIdInSubject(subject: string): number | null {
  const text = subject.trim();
  if (/^[1-9]\d{0,14}$/.test(text)) return Number(text);
  let path: string;
  try {
    path = new URL(text, "https://site.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/(?:members|likes\/m)\/([1-9]\d{0,14})(?:\/chat)?\/?$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** The photo a notice's URL names: its #photo-N (1-based) on a member page, or null. */
export function photoNumberInSubject(subject: string): number | null {
  const match = /#photo-([1-9]\d{0,2})$/.exec(subject.trim());
  return match ? Number(match[1]) : null;
}

/** The conversation a notice's URL names (/chats/12), or null. */
export function conversationIdInSubject(subject: string): number | null {
  let path: string;
  try {
    path = new URL(subject.trim(), "https://site.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/chats\/([1-9]\d{0,14})\/?$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** The last path segment of an image URL (the stored file name), or null. */
export function imageFileInSubject(subject: string): string | null {
  let path: string;
  try {
    path = new URL(subject.trim(), "https://site.invalid").pathname;
  } catch {
    return null;
  }
  const name = path.split("/").pop() ?? "";
  return /\.(?:jpe?g|png|webp)$/i.test(name) ? decodeURIComponent(name) : null;
}
