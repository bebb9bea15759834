/**
 * /profile in parts (docs/product.md §2.5, issue 29 point 12): the overview (the member's preview
 * and a list of the parts), then one part at a time at `/profile?part=…`, so no page carries nine
 * Save buttons. Each form on the page is a "section" (its anchor and the action's `section`);
 * this module says which part holds it, for the links and for where a save returns to.
 */
export const PROFILE_PARTS = ["photos", "about", "details", "location", "account", "notifications", "privacy"] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

const PART_OF_SECTION: Record<string, ProfilePart> = {
  photos: "photos",
  name: "about",
  about: "about",
  personal: "details",
  location: "location",
  email: "account",
  password: "account",
  language: "account",
  data: "account",
  push: "notifications",
  "push-kinds": "notifications",
  visibility: "privacy",
  blocked: "privacy",
};

/** The part a `?part=` value names, or null for the overview (an unknown value too). */
export function profilePart(value: string | null): ProfilePart | null {
  return (PROFILE_PARTS as readonly string[]).includes(value ?? "") ? (value as ProfilePart) : null;
}

/** The address of the part holding a section, at that section's heading. */
export function profileSectionHref(section: string): string {
  const part = PART_OF_SECTION[section];
  return part ? `/profile?part=${part}#${section}` : "/profile";
}

/** The address of a part. */
export function profilePartHref(part: ProfilePart): string {
  return `/profile?part=${part}`;
}
