/**
 * The profile parts that sign-up steps 3 to 5 and /profile edit with the same forms: each
 * parses its form with its schema and gives the PUT /api/user.php update, or the form's reply
 * with the errors (what was typed comes back with it).
 */
import type { SubmissionResult } from "@conform-to/react";
import { getValibotConstraint } from "@conform-to/valibot";
import type { ApiClient } from "../api/client.server";
import type { Settings, User } from "../../../contract/schemas";
import { fetchInterests, fetchProfileFields, uploadPhoto, type UserUpdate } from "../api/signup.server";
import type { Locale } from "../../../contract/locales";
import { AboutSchema, LocationSchema, PersonalInfoSchema, submittedDateOfBirth } from "../forms/signup";
import { parseForm } from "../forms/parse.server";

export const PROFILE_SECTIONS = ["location", "personal", "about"] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export function isProfileSection(value: unknown): value is ProfileSection {
  return PROFILE_SECTIONS.some((section) => section === value);
}

export interface ReplyOptions {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}
export interface Reply {
  reply: (options?: ReplyOptions) => SubmissionResult<string[]>;
}

export type SectionResult =
  | { ok: true; update: UserUpdate; submission: Reply }
  | { ok: false; result: SubmissionResult<string[]> };

export function parseSection(section: ProfileSection, formData: FormData, settings: Settings): SectionResult {
  switch (section) {
    case "location": {
      const submission = parseForm(formData, LocationSchema);
      if (submission.status !== "success") return { ok: false, result: submission.reply() };
      const { country, countryregion, city } = submission.value;
      const region = countryregion ? Number(countryregion) : null;
      if (!settings.countries.includes(country)) {
        return { ok: false, result: submission.reply({ fieldErrors: { country: ["errors.not_allowed"] } }) };
      }
      if (region !== null && !(settings.region_data[country] ?? []).some((r) => r.id === region)) {
        return { ok: false, result: submission.reply({ fieldErrors: { countryregion: ["errors.not_in_country"] } }) };
      }
      return { ok: true, submission, update: { country, countryregion: region, city: city || null } };
    }
    case "personal": {
      const submission = parseForm(formData, PersonalInfoSchema);
      if (submission.status !== "success") return { ok: false, result: submission.reply() };
      return {
        ok: true,
        submission,
        update: {
          gender: submission.value.gender ?? null,
          interested_in: submission.value.interested_in ?? null,
          date_of_birth: submittedDateOfBirth(submission.value),
          fields: Object.fromEntries(Object.entries(submission.value.fields ?? {}).filter(([name]) => name !== "interests")),
        },
      };
    }
    case "about": {
      const submission = parseForm(formData, AboutSchema);
      if (submission.status !== "success") return { ok: false, result: submission.reply() };
      return {
        ok: true,
        submission,
        update: {
          personal: submission.value.personal ?? {},
          fields: { interests: (submission.value.interests ?? []).join(",") },
        },
      };
    }
  }
}

// What each part's form shows (the props of LocationStep, PersonalInfoStep, AboutStep).

export function locationView(user: User, settings: Settings) {
  const country = user.profile.country ?? settings.geoip_selected_country;
  return {
    countries: settings.countries,
    regionData: settings.region_data,
    country: settings.countries.includes(country) ? country : settings.countries[0],
    countryregion: user.profile.countryregion,
    city: user.profile.city ?? "",
    savedCountry: user.profile.country,
    showCity: settings.visible_profile_fields.includes("city"),
    constraint: getValibotConstraint(LocationSchema),
  };
}

export async function personalView(api: ApiClient, user: User, locale: Locale) {
  const fields = await fetchProfileFields(api, locale);
  const [year = "", month = "", day = ""] = (user.profile.date_of_birth ?? "").split("-");
  return {
    gender: user.profile.gender ?? "",
    interestedIn: user.profile.interested_in ?? "",
    dob: { year: year.replace(/^0+/, ""), month: month.replace(/^0+/, ""), day: day.replace(/^0+/, "") },
    selects: fields.ok ? fields.data.fields.filter((f) => f.type === "select") : [],
    values: user.profile.fields,
    thisYear: new Date().getUTCFullYear(),
  };
}

export async function aboutView(api: ApiClient, user: User, locale: Locale) {
  const [fields, interests] = await Promise.all([fetchProfileFields(api, locale), fetchInterests(api, locale)]);
  return {
    notes: fields.ok ? fields.data.fields.filter((f) => f.type === "text") : [],
    personal: user.profile.personal,
    interests: interests.ok ? interests.data.interests : [],
    chosen: (user.profile.fields.interests ?? "").split(",").filter(Boolean),
  };
}

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const PHOTO_ERRORS = ["file_too_large", "unsupported_image", "too_many_images", "photo_banned"];

/**
 * Stores the form's photo (sign-up step 2 and /profile): null when it is stored, else the
 * message key and status. A file over the API's limit is refused here, before it is sent on.
 */
export async function savePhoto(api: ApiClient, formData: FormData): Promise<{ error: string; status: number } | null> {
  return sendPhoto(formData, (file) => uploadPhoto(api, file));
}

/**
 * The form's photo sent with `upload` (the member's own, or an admin's for an entertainment
 * profile): null when it is stored, else the message key and status. A missing file, or one over
 * the API's limit, is refused here, before it is sent on.
 */
export async function sendPhoto(
  formData: FormData,
  upload: (file: File) => Promise<{ ok: true } | { ok: false; status: number; error: { error: string } }>,
): Promise<{ error: string; status: number } | null> {
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: "errors.photoRequired", status: 400 };
  if (file.size > MAX_PHOTO_BYTES) return { error: "errors.file_too_large", status: 413 };
  const uploaded = await upload(file);
  if (uploaded.ok) return null;
  const code = uploaded.error.error;
  return { error: PHOTO_ERRORS.includes(code) ? `errors.${code}` : "errors.generic", status: uploaded.status };
}
