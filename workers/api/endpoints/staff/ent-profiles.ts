/**
 * Entertainment profiles, managed by admins (issue 27; docs/api.md "Entertainment profiles", ADR
 * 045). An admin of one site manages that site's profiles; a platform admin every site's. A
 * profile outside the scope, or any id that is not an entertainment profile, answers 404.
 *
 * - GET  /api/staff/ent_profiles.php: the profiles, newest first, with their use so far.
 * - GET  /api/staff/ent_profile.php?id=: one to edit: the profile, persona notes, who wrote as it.
 * - POST /api/staff/ent_profile.php { id?, site, name, … }: a new profile, or changes to one.
 * - POST /api/staff/ent_profile_state.php { id, retired }: retire it (it leaves every listing and
 *   takes no new chats; its conversations stay readable), or bring it back.
 * - POST /api/staff/ent_persona_notes.php { id, text, version }: the persona's notes (as host_notes.php).
 * - POST /api/staff/ent_profile_photo.php?profile= (multipart, field file): a photo, through the
 *   members' photo pipeline; DELETE { profile, image }: one of its photos.
 */
import { Hono } from "hono";
import {
  EntPersonaNotesBodySchema,
  EntPhotoDeleteBodySchema,
  EntPhotoQuerySchema,
  EntProfileAnswerSchema,
  EntProfileBodySchema,
  EntProfileQuerySchema,
  EntProfileSavedSchema,
  EntProfilesAnswerSchema,
  EntProfileStateBodySchema,
} from "../../../../contract/entertainment";
import { HostNotesAnswerSchema } from "../../../../contract/hosts";
import { ImagesAnswerSchema } from "../../../../contract/schemas/account";
import type { ApiContext } from "../../context";
import type { Db } from "../../db/client";
import {
  findEntProfileRow,
  hostsWhoWroteAs,
  insertEntProfile,
  listEntProfiles,
  setEntProfileRetired,
  updateEntProfile,
} from "../../db/entertainment-profiles";
import { findPersonaNotes, saveNotes } from "../../db/host-conversations";
import { ageOn, toProfile } from "../../db/members";
import { siteNamesById } from "../../db/moderation-cases";
import { audit } from "../../db/staff";
import { notesAnswer } from "./answers";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { addUploadedPhoto } from "../../lib/photo-upload";
import { readBody, readQuery } from "../../lib/request";
import { ADMINS, inScope, requireStaff, type StaffRow } from "../../lib/staff";
import { invalidInput } from "../../lib/validate";
import { listPhotos, removePhoto } from "../../storage/photos";

const LIST_LIMIT = 500;

const notFound = () => new ApiError(404, "not_found", "No such entertainment profile.");

/** The entertainment profile on the admin's scope, or 404 as if it did not exist. */
async function scopedProfile(db: Db, staff: StaffRow, id: number) {
  const row = await findEntProfileRow(db, id);
  if (!row || !inScope(staff, row.site_id)) throw notFound();
  return row;
}

/** The sites on the admin's scope, by name. */
function sitesOf(staff: StaffRow, names: Map<number, string>) {
  return [...names]
    .filter(([id]) => inScope(staff, id))
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const staffEntProfiles = new Hono<ApiContext>()
  .get("/staff/ent_profiles.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { db } = c.var;
    const [rows, names] = await Promise.all([listEntProfiles(db, me.site_id, LIST_LIMIT), siteNamesById(db)]);
    c.header("cache-control", "no-store");
    return answer(c, EntProfilesAnswerSchema, {
      profiles: rows.map((row) => ({
        id: row.id,
        name: row.name,
        age: ageOn(row.date_of_birth),
        city: row.city,
        language: row.language,
        site_name: names.get(row.site_id) ?? "",
        only_this_site: row.only_this_site === 1,
        retired: row.status === "deleted",
        thumb_filename: row.filename,
        conversations: Number(row.conversations ?? 0),
        waiting: Number(row.waiting ?? 0),
        replies: Number(row.replies ?? 0),
      })),
      sites: sitesOf(me, names),
    });
  })
  .get("/staff/ent_profile.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id } = readQuery(c, EntProfileQuerySchema, "Give the profile's id.");
    const { db } = c.var;
    const row = await scopedProfile(db, me, id);
    const [profile, notes, hosts, names] = await Promise.all([
      toProfile(db, row),
      findPersonaNotes(db, id),
      hostsWhoWroteAs(db, id),
      siteNamesById(db),
    ]);
    c.header("cache-control", "no-store");
    return answer(c, EntProfileAnswerSchema, {
      profile,
      site_id: row.site_id,
      site_name: names.get(row.site_id) ?? "",
      only_this_site: row.only_this_site === 1,
      retired: row.status === "deleted",
      persona_notes: notesAnswer(notes),
      hosts: hosts.map((h) => ({ name: h.name, replies: Number(h.replies), last_at: Number(h.last_at) })),
      sites: sitesOf(me, names),
    });
  })
  .post("/staff/ent_profile.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const body = await readBody(c, EntProfileBodySchema);
    const { db } = c.var;
    // The site must be one of the admin's and exist.
    const names = await siteNamesById(db);
    if (!names.has(body.site) || !inScope(me, body.site)) throw invalidInput({ site: "invalid" }, "Choose one of your sites.");
    const values = {
      siteId: body.site,
      name: body.name,
      gender: body.gender,
      dateOfBirth: body.date_of_birth,
      country: body.country,
      city: body.city,
      language: body.language,
      personal: { about_me: body.about_me, looking_for: body.looking_for },
      onlyThisSite: body.only_this_site,
    };
    const now = Date.now();
    let id: number;
    let retired = false;
    if (body.id === undefined) {
      id = await insertEntProfile(db, values, now);
    } else {
      const row = await scopedProfile(db, me, body.id);
      id = row.id;
      retired = row.status === "deleted";
      await updateEntProfile(db, id, values);
    }
    const action = body.id === undefined ? "ent_profile_created" : "ent_profile_changed";
    await auditChange(db, me, action, { id, siteId: body.site }, { name: body.name });
    return answer(c, EntProfileSavedSchema, { id, retired }, body.id === undefined ? 201 : 200);
  })
  .post("/staff/ent_profile_state.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id, retired } = await readBody(c, EntProfileStateBodySchema);
    const { db } = c.var;
    const row = await scopedProfile(db, me, id);
    await setEntProfileRetired(db, id, retired, Date.now());
    await auditChange(db, me, retired ? "ent_profile_retired" : "ent_profile_restored", { id, siteId: row.site_id });
    return answer(c, EntProfileSavedSchema, { id, retired });
  })
  .post("/staff/ent_persona_notes.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const body = await readBody(c, EntPersonaNotesBodySchema);
    const { db } = c.var;
    await scopedProfile(db, me, body.id);
    const kept = await saveNotes(db, {
      profileId: body.id,
      memberId: null,
      body: body.text,
      seenVersion: body.version,
      staffId: me.id,
      now: Date.now(),
    });
    if (!kept) throw new ApiError(409, "notes_changed", "Someone changed these notes meanwhile: read theirs, then save again.");
    return answer(c, HostNotesAnswerSchema, { notes: notesAnswer(await findPersonaNotes(db, body.id)) });
  })
  .post("/staff/ent_profile_photo.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { profile: id } = readQuery(c, EntPhotoQuerySchema, "Give the profile's id as ?profile=.");
    const { db } = c.var;
    const row = await scopedProfile(db, me, id);
    await addUploadedPhoto(c, { db, d1: c.env.DB, bucket: c.env.PHOTOS }, id);
    await auditChange(db, me, "ent_profile_photo_added", { id, siteId: row.site_id });
    return answer(c, ImagesAnswerSchema, { images: await listPhotos(db, id) }, 201);
  })
  .delete("/staff/ent_profile_photo.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { profile, image } = await readBody(c, EntPhotoDeleteBodySchema);
    const { db } = c.var;
    const row = await scopedProfile(db, me, profile);
    if (!(await removePhoto({ db, d1: c.env.DB, bucket: c.env.PHOTOS }, profile, image))) {
      throw new ApiError(404, "not_found", "No such photo of this profile.");
    }
    await auditChange(db, me, "ent_profile_photo_removed", { id: profile, siteId: row.site_id }, { image });
    return answer(c, ImagesAnswerSchema, { images: await listPhotos(db, profile) });
  });

/**
 * Every change to an entertainment profile is in the audit log (the profile as member_id), on the
 * profile's site as every staff call's line is: a site admin's log lists its site's lines, so a
 * platform admin's change (site_id null) would not show there.
 */
function auditChange(
  db: Db,
  me: StaffRow,
  action: string,
  profile: { id: number; siteId: number },
  detail: Record<string, unknown> = {},
) {
  return audit(db, { siteId: profile.siteId, staffId: me.id, action, memberId: profile.id, detail });
}
