/**
 * Request bodies of the calls on /api/user.php: sign-up (POST ?new=1), the profile update
 * (PUT), the push subscription (POST ?push=1) and the account's deletion (DELETE).
 * Each schema comes with what a caller sends (z.input) and what the API reads (z.output).
 */
import { z } from "zod";
import { CITY_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PERSONAL_MAX } from "../limits";
import { LOCALES } from "../locales";
import { INTERESTED_IN } from "../rules/search";

const trackingValue = z.string().trim().max(200).optional();

/** POST /api/user.php?new=1: the sign-up payload (docs/product.md §3). */
export const SignupBodySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX),
  /**
   * Required (contract/rules/signup.ts nameProblem: a missing or empty name is 422 "required").
   * Up to four times the limit passes here, so a long name gets the name rules' own code (too_big).
   */
  name: z
    .string()
    .max(NAME_MAX * 4)
    .optional(),
  password: z.string().min(1).max(PASSWORD_MAX),
  trafficsource: z
    .object({ network: trackingValue, ref: trackingValue, sub1: trackingValue, sub2: trackingValue, sub3: trackingValue })
    .partial()
    .nullish(),
  timezone: z.string().max(64).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullish(),
  language: z.string().optional(),
  profile: z
    .object({ gender: z.enum(["male", "female"]).optional(), interested_in: z.enum(INTERESTED_IN).optional() })
    .optional(),
  form_path: z.string().max(500).optional(),
  referrer: z.string().max(2000).optional(),
  /** From GET /api/csrf.php. */
  csrf: z.string().max(2000).optional(),
  /** From GET /api/validate_email.php. */
  token: z.string().max(2000).optional(),
  /** Accepted for compatibility with the PHP API's payload; unused. */
  n: z.unknown().optional(),
});
export type SignupBody = z.input<typeof SignupBodySchema>;
export type SignupBodyParsed = z.output<typeof SignupBodySchema>;

/** PUT /api/user.php: name, location, profile fields, lastSignupStep, language; any subset. */
export const UserUpdateBodySchema = z
  .object({
    /** The member's name, by the sign-up's rule (nameProblem, against the member's address). */
    name: z.string().max(NAME_MAX * 4),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable(),
    countryregion: z.number().int().positive().nullable(),
    city: z.string().trim().max(CITY_MAX).nullable(),
    gender: z.enum(["male", "female"]).nullable(),
    /** Whom the member is interested in: the gender their search starts with (issue 16). */
    interested_in: z.enum(INTERESTED_IN).nullable(),
    /** YYYY-MM-DD; null clears it. */
    date_of_birth: z.string().nullable(),
    personal: z.record(z.string(), z.string().trim().max(PERSONAL_MAX)),
    fields: z.record(z.string(), z.string().max(500)),
    lastSignupStep: z.number().int().min(0).max(7),
    /** The language mails are written in (the interface's language switcher sets it too). */
    language: z.enum(LOCALES),
    /** Only before the address is confirmed (step 7's correction); a new activation mail goes out. */
    email: z.string().trim().min(1).max(EMAIL_MAX),
    /** Shown on the member's own site only (designed; docs/product.md "Visibility across sites"). */
    only_this_site: z.boolean(),
    /** May appear in advertisements: landers, the match finder, /signup-matches (designed; off until set). */
    promote: z.boolean(),
  })
  .partial()
  .strict();
export type UserUpdateBody = z.input<typeof UserUpdateBodySchema>;
export type UserUpdateBodyParsed = z.output<typeof UserUpdateBodySchema>;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** How many bytes a base64url text holds (padding allowed), or -1 when it is not base64url. */
export function base64urlBytes(text: string): number {
  if (!base64url.test(text)) return -1;
  const bare = text.replace(/=+$/, "");
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/**
 * RFC 8291 §3.2: p256dh is the browser's P-256 public key as an uncompressed point (65 bytes,
 * starting with 0x04); auth is a 16-byte secret. Anything else cannot be encrypted to, so it is
 * refused when stored rather than failing at every send.
 */
const p256dhKey = z
  .string()
  .max(100)
  .refine((key) => base64urlBytes(key) === 65 && key.startsWith("B"), { message: "not an uncompressed P-256 point" });
const authSecret = z
  .string()
  .max(30)
  .refine((key) => base64urlBytes(key) === 16, { message: "not 16 bytes" });

/** POST /api/user.php?push=1: the browser's push subscription (PushSubscription.toJSON()), or "denied". */
export const PushBodySchema = z.object({
  subscription: z.union([
    z.literal("denied"),
    z.object({
      endpoint: z.url({ protocol: /^https$/ }).max(1000),
      keys: z.object({ p256dh: p256dhKey, auth: authSecret }),
    }),
  ]),
});
export type PushBody = z.input<typeof PushBodySchema>;
export type PushBodyParsed = z.output<typeof PushBodySchema>;

/** DELETE /api/user.php: the current password, checked by hand (wrong answers are 403, not 422). */
export const AccountDeleteBodySchema = z.object({ password: z.unknown().optional() });
export interface AccountDeleteBody {
  password: string;
}

/**
 * PUT /api/push_settings.php (designed): which kinds of push the member wants. A kind switched
 * off is never sent; push itself stays on or off with POST/DELETE /api/user.php?push=1.
 */
export const PushSettingsBodySchema = z.object({ messages: z.boolean(), likes: z.boolean(), news: z.boolean() }).strict();
export type PushSettingsBody = z.input<typeof PushSettingsBodySchema>;
