/**
 * The templates and their feature flags (docs/product.md §1.2). No Zod here: pages read the
 * flags in the browser too, and this file must stay small there.
 */
/**
 * The two templates (spec §1: 'classic' is a variant of 'social') and their feature flags.
 * A site picks one; the development panel can switch it for one browser.
 */
export const TEMPLATES = ["classic", "social"] as const;
export type TemplateName = (typeof TEMPLATES)[number];

export interface TemplateFlags {
  /** The likes overview (/likes) is a tab of its own. */
  likesOverview: boolean;
  /** The chat composer has an emoji button. */
  emojiButton: boolean;
  /** A conversation has a top bar with the member's photo and name. */
  chatTopBar: boolean;
  /** On wide screens the chat list stays beside the conversation. */
  chatSidebar: boolean;
  /** Search offers every country of the site (with cities), not only the member's own and neighbours. */
  searchAllCountries: boolean;
  /** Search cards carry a start-conversation button beside like. */
  cardChatButton: boolean;
  /** Sign-up explains the fictional profiles before the form. */
  signupFictionalWarning: boolean;
  /** Search shows one large photo per row on phones (a feed) rather than a grid of two. */
  feedLayout: boolean;
}

export const TEMPLATE_FLAGS: Record<TemplateName, TemplateFlags> = {
  classic: {
    likesOverview: true,
    emojiButton: true,
    chatTopBar: true,
    chatSidebar: false,
    searchAllCountries: true,
    cardChatButton: true,
    signupFictionalWarning: true,
    feedLayout: false,
  },
  social: {
    likesOverview: true,
    emojiButton: true,
    chatTopBar: true,
    chatSidebar: true,
    searchAllCountries: false,
    cardChatButton: false,
    signupFictionalWarning: true,
    feedLayout: true,
  },
};

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === "string" && (TEMPLATES as readonly string[]).includes(value);
}
