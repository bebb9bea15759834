/**
 * Entertainment profiles, managed by admins in the staff console (issue 27; docs/api.md
 * "Entertainment profiles", ADR 045): requests and answers. An entertainment profile is a member
 * row with is_fictional = 1 and no login; hosts write as it. Retired: status "deleted" without
 * erasure (it leaves search, cards and new chats; its conversations stay readable).
 */
import { z } from "zod";
import { CITY_MAX, NAME_MAX, PERSONAL_MAX } from "./limits";
import { LOCALES } from "./locales";
import { HOST_NOTES_MAX } from "./rules/hosts";
import { hasInvisibleCharacters, nameCharacterProblem } from "./rules/identity";
import { isValidDateOfBirth } from "./rules/signup";
import { HostNotesSchema } from "./hosts";
import { ProfileSchema } from "./schemas/members";
import { countryCode } from "./schemas/site";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max));

/** POST /api/staff/ent_profile.php: a new profile (no id) or changes to one. */
export const EntProfileBodySchema = z.object({
  id: id.optional(),
  site: id,
  // The members' name rules where they make sense without an address: no invisible characters,
  // no look-alike letters from a second script (contract/rules/identity.ts).
  name: z
    .string()
    .trim()
    .min(1)
    .max(NAME_MAX)
    .refine((name) => !hasInvisibleCharacters(name) && nameCharacterProblem(name) === null, { message: "name_characters" }),
  gender: z.enum(["male", "female"]),
  date_of_birth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((iso) => isValidDateOfBirth(iso), { message: "date_of_birth" }),
  country: countryCode,
  city: z.string().trim().min(1).max(CITY_MAX),
  language: z.enum(LOCALES),
  about_me: text(PERSONAL_MAX),
  looking_for: text(PERSONAL_MAX),
  only_this_site: z.boolean(),
});
export type EntProfileBody = z.input<typeof EntProfileBodySchema>;

/** POST /api/staff/ent_profile_state.php: retire the profile, or bring it back. */
export const EntProfileStateBodySchema = z.object({ id, retired: z.boolean() });
export type EntProfileStateBody = z.input<typeof EntProfileStateBodySchema>;

/** POST /api/staff/ent_persona_notes.php: the persona's notes, over the version edited (as host_notes.php). */
export const EntPersonaNotesBodySchema = z.object({
  id,
  text: text(HOST_NOTES_MAX),
  version: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type EntPersonaNotesBody = z.input<typeof EntPersonaNotesBodySchema>;

/** DELETE /api/staff/ent_profile_photo.php: one of the profile's photos. */
export const EntPhotoDeleteBodySchema = z.object({ profile: id, image: id });
export type EntPhotoDeleteBody = z.input<typeof EntPhotoDeleteBodySchema>;

export const EntProfileQuerySchema = z.object({ id });
/** POST /api/staff/ent_profile_photo.php?profile= (the body is the photo). */
export const EntPhotoQuerySchema = z.object({ profile: id });

// Answers.

export const EntProfileListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  language: z.string(),
  site_name: z.string(),
  only_this_site: z.boolean(),
  retired: z.boolean(),
  thumb_filename: z.string().nullable(),
  /** Conversations members started with it, those waiting now, and the replies hosts wrote as it. */
  conversations: z.number().int(),
  waiting: z.number().int(),
  replies: z.number().int(),
});
export type EntProfileListItem = z.infer<typeof EntProfileListItemSchema>;

/** The sites an admin may put a profile on (their one site, or every site). */
const SitesSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** GET /api/staff/ent_profiles.php: the entertainment profiles on the admin's sites, newest first. */
export const EntProfilesAnswerSchema = z.object({ profiles: z.array(EntProfileListItemSchema), sites: SitesSchema });
export type EntProfilesAnswer = z.infer<typeof EntProfilesAnswerSchema>;

/** GET /api/staff/ent_profile.php?id=: one profile to edit, with who wrote as it. */
export const EntProfileAnswerSchema = z.object({
  profile: ProfileSchema,
  site_id: z.number().int(),
  site_name: z.string(),
  only_this_site: z.boolean(),
  retired: z.boolean(),
  persona_notes: HostNotesSchema,
  /** The hosts who wrote as it: replies and the last one. */
  hosts: z.array(z.object({ name: z.string(), replies: z.number().int(), last_at: z.number().int() })),
  sites: SitesSchema,
});
export type EntProfileAnswer = z.infer<typeof EntProfileAnswerSchema>;

/** POST /api/staff/ent_profile.php and ent_profile_state.php: the profile's id, and whether it is retired. */
export const EntProfileSavedSchema = z.object({ id: z.number().int(), retired: z.boolean() });
