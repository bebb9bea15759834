/**
 * What the entertainment-profile tests share (ent-profiles*.test.ts; issue 27, ADR 045): the
 * admins' calls, a valid body to change one field of, a profile made through the API, and the
 * audit lines those calls write.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  type EntProfileBody,
  EntProfileAnswerSchema,
  EntProfileSavedSchema,
  EntProfilesAnswerSchema,
} from "../../contract/entertainment";
import { call } from "./helpers";
import { answer, count, createHost, type SignedInStaff } from "./host-helpers";

/** A sample JPEG upload (tests/fixtures/images/README.md), inlined by Vite as a data URL. */
import redBlueJpeg from "../fixtures/images/red-blue.jpg?inline";
import textJpg from "../fixtures/images/text.jpg?inline";

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

export function photoForm(which: "jpeg" | "text" = "jpeg"): FormData {
  const data = new FormData();
  const bytes = bytesOf(which === "jpeg" ? redBlueJpeg : textJpg);
  data.set("file", new File([bytes], which === "jpeg" ? "red-blue.jpg" : "text.jpg", { type: "image/jpeg" }));
  return data;
}

let nameCounter = 0;
/** A name no other test uses, so "nothing written" can be counted by it. */
export const uniqueName = () => `Mila ${Date.now() % 100000} ${++nameCounter}`;

export function validBody(overrides: Partial<EntProfileBody> = {}): EntProfileBody {
  return {
    site: 1,
    name: uniqueName(),
    gender: "female",
    date_of_birth: "1994-05-20",
    country: "NL",
    city: "Utrecht",
    language: "nl",
    about_me: "I love long walks on the beach.",
    looking_for: "Someone to laugh with.",
    only_this_site: false,
    ...overrides,
  };
}

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });

export const entCalls = {
  list: (cookie?: string) => call("/api/staff/ent_profiles.php", { cookie }),
  get: (cookie: string | undefined, id: unknown) => call(`/api/staff/ent_profile.php?id=${String(id)}`, { cookie }),
  save: (cookie: string | undefined, body: unknown) => post("/api/staff/ent_profile.php", cookie, body),
  state: (cookie: string | undefined, body: unknown) => post("/api/staff/ent_profile_state.php", cookie, body),
  notes: (cookie: string | undefined, body: unknown) => post("/api/staff/ent_persona_notes.php", cookie, body),
  upload: (cookie: string | undefined, profile: unknown, body: BodyInit = photoForm()) =>
    call(`/api/staff/ent_profile_photo.php${profile === undefined ? "" : `?profile=${String(profile)}`}`, {
      method: "POST",
      cookie,
      body,
    }),
  removePhoto: (cookie: string | undefined, body: unknown) =>
    call("/api/staff/ent_profile_photo.php", { method: "DELETE", cookie, json: body }),
};

type EntCall = (cookie: string | undefined) => Promise<Response>;

/** The calls that name profile `id`, each with a body that would be valid for it. */
export function everyCallOn(id: number, site = 1): EntCall[] {
  return [
    (cookie) => entCalls.get(cookie, id),
    (cookie) => entCalls.save(cookie, validBody({ id, site })),
    (cookie) => entCalls.state(cookie, { id, retired: true }),
    (cookie) => entCalls.notes(cookie, { id, text: "Works as a nurse.", version: 0 }),
    (cookie) => entCalls.upload(cookie, id),
    (cookie) => entCalls.removePhoto(cookie, { profile: id, image: 1 }),
  ];
}

/** Every entertainment-profile call: the list, a new profile on `site`, and those naming profile `id`. */
export function everyEntCall(id: number, site = 1): EntCall[] {
  return [(cookie) => entCalls.list(cookie), (cookie) => entCalls.save(cookie, validBody({ site })), ...everyCallOn(id, site)];
}

export const admin = (siteId: number | null): Promise<SignedInStaff> => createHost({ siteId, role: "admin" });

export async function profileOf(cookie: string, id: number) {
  const response = await entCalls.get(cookie, id);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return answer(response, 200, EntProfileAnswerSchema);
}

export async function listOf(cookie: string) {
  return answer(await entCalls.list(cookie), 200, EntProfilesAnswerSchema);
}

/** A new entertainment profile, made by `admin` through the API: its id. */
export async function createEnt(cookie: string, overrides: Partial<EntProfileBody> = {}) {
  const body = validBody(overrides);
  const saved = await answer(await entCalls.save(cookie, body), 201, EntProfileSavedSchema);
  expect(saved.retired).toBe(false);
  return { id: saved.id, body };
}

export async function setRetired(cookie: string, id: number, retired: boolean) {
  return answer(await entCalls.state(cookie, { id, retired }), 200, EntProfileSavedSchema);
}

/** The audit lines of one action on one profile: [site_id, staff_id] each. */
export async function auditLines(action: string, profileId: number) {
  const { results } = await env.DB.prepare(
    "SELECT site_id, staff_id FROM staff_audit WHERE action = ? AND member_id = ? ORDER BY id",
  )
    .bind(action, profileId)
    .all<{ site_id: number | null; staff_id: number }>();
  return results.map((r) => [r.site_id, r.staff_id]);
}

/** Rows a refused call must not have written: members and audit lines. */
export async function writtenRows() {
  return {
    members: await count("SELECT COUNT(*) AS n FROM members"),
    audit: await count("SELECT COUNT(*) AS n FROM staff_audit WHERE action LIKE 'ent_%'"),
  };
}
