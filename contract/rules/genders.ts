/**
 * Genders and whom a member is interested in (docs/product.md §4.6), in a module of their own:
 * the sign-up form needs only these, not the search's rules (every byte of its first load counts).
 */
export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** Who a member is interested in (designed, issue 16): men, women or everyone. */
export const INTERESTED_IN = ["male", "female", "everyone"] as const;
export type InterestedIn = (typeof INTERESTED_IN)[number];
