/**
 * Entertainment profiles in use (issue 27, ADR 045; workers/api/endpoints/staff/ent-profiles.ts):
 * retiring one and bringing it back (what members see and may do), its photos through the members'
 * pipeline, its persona notes shared with the hosts, and the hosts who wrote as it. Roles, input
 * and scope: ent-profiles.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { HostNotesAnswerSchema } from "../../contract/hosts";
import { ChatStartSchema, ChatsAnswerSchema, MemberAnswerSchema, SearchAnswerSchema } from "../../contract/schemas";
import { ImagesAnswerSchema } from "../../contract/schemas/account";
import { admin, auditLines, createEnt, entCalls, listOf, photoForm, profileOf, setRetired } from "./ent-profile-helpers";
import { call, ensureSites } from "./helpers";
import {
  answer,
  type Chatter,
  claimOk,
  createChatter,
  createHost,
  errorOf,
  hostCalls,
  notesOk,
  openChat,
  replyOk,
  sendAs,
  sendOk,
  type SignedInStaff,
  viewOf,
  waitingConversation,
} from "./host-helpers";

beforeAll(ensureSites);

const publicProfile = (member: Chatter, id: number) => call(`/api/profile.php?id=${id}`, { cookie: member.cookie });

/** The profile ids a member's search of New Zealand's women finds (only this file puts profiles there). */
async function searchedIds(member: Chatter) {
  const query = "country=NZ&gender=female&min_age=18&max_age=100&pp=48&page=1&manual_search=1&do_not_save=1";
  const found = await answer(await call(`/api/search.php?${query}`, { cookie: member.cookie }), 200, SearchAnswerSchema);
  return found.profiles.map((p) => p.id);
}

describe("retiring an entertainment profile (ent_profile_state.php), and bringing it back", () => {
  it("it leaves the profile page, new chats and search; its conversations stay readable but take no messages", async () => {
    const me = await admin(1);
    const { id } = await createEnt(me.cookie, { country: "NZ", city: "Auckland", language: "en" });
    const [member, newcomer] = await Promise.all([createChatter(), createChatter()]);
    const conversation = await openChat(member, id);
    await sendOk(member, conversation, "Hi there!");
    expect(await searchedIds(member)).toContain(id);
    expect((await listOf(me.cookie)).profiles.find((p) => p.id === id)).toMatchObject({
      retired: false,
      conversations: 1,
      waiting: 1,
    });

    expect(await setRetired(me.cookie, id, true)).toEqual({ id, retired: true });
    await errorOf(await publicProfile(member, id), 404, "profile_not_found");
    await errorOf(await call(`/api/chat.php?profile=${id}`, { cookie: newcomer.cookie }), 404, "profile_not_found");
    await errorOf(await sendAs(member, conversation, "Are you still there?"), 410, "recipient_gone");
    const chats = await answer(await call("/api/chats.php", { cookie: member.cookie }), 200, ChatsAnswerSchema);
    expect(chats.chats.find((c) => c.conversation.id === conversation)).toMatchObject({
      profile: { id },
      last_message: { text: "Hi there!", mine: true },
    });
    expect(await searchedIds(member)).not.toContain(id);
    expect((await listOf(me.cookie)).profiles.find((p) => p.id === id)).toMatchObject({ retired: true, conversations: 1 });
    expect((await profileOf(me.cookie, id)).retired).toBe(true);
    expect(await auditLines("ent_profile_retired", id)).toEqual([[1, me.id]]);

    // Retiring twice changes nothing more.
    expect(await setRetired(me.cookie, id, true)).toEqual({ id, retired: true });

    expect(await setRetired(me.cookie, id, false)).toEqual({ id, retired: false });
    const shown = await answer(await publicProfile(member, id), 200, MemberAnswerSchema);
    expect(shown.profile).toMatchObject({ id, fictional: true });
    expect(await searchedIds(member)).toContain(id);
    await sendOk(member, conversation, "Welcome back!");
    await answer(await call(`/api/chat.php?profile=${id}`, { cookie: newcomer.cookie }), 200, ChatStartSchema);
    expect((await listOf(me.cookie)).profiles.find((p) => p.id === id)).toMatchObject({ retired: false, conversations: 2 });
    expect(await auditLines("ent_profile_restored", id)).toEqual([[1, me.id]]);
  });

  it("422 for a state that is not a boolean or a missing id; 404 for no such profile", async () => {
    const me = await admin(1);
    const { id } = await createEnt(me.cookie);
    await errorOf(await entCalls.state(me.cookie, { id, retired: "yes" }), 422, "invalid_input");
    await errorOf(await entCalls.state(me.cookie, { retired: true }), 422, "invalid_input");
    await errorOf(await entCalls.state(me.cookie, { id: 99_999_999, retired: true }), 404, "not_found");
    expect((await profileOf(me.cookie, id)).retired).toBe(false);
  });
});

describe("photos (ent_profile_photo.php), through the members' pipeline", () => {
  let me: SignedInStaff;
  let member: Chatter;
  beforeAll(async () => {
    [me, member] = await Promise.all([admin(1), createChatter()]);
  });

  it("a JPEG: 201 with the image, shown to the admin, in the list and on the public profile; DELETE removes it", async () => {
    const { id } = await createEnt(me.cookie);
    const added = await answer(await entCalls.upload(me.cookie, id), 201, ImagesAnswerSchema);
    expect(added.images).toHaveLength(1);
    const [image] = added.images;
    expect(image!.thumb_filename).toMatch(new RegExp(`^u${id}-[0-9a-f]+\\.jpg$`));
    expect(await env.PHOTOS.head(image!.thumb_filename)).not.toBeNull();

    const view = await profileOf(me.cookie, id);
    expect(view.profile.images).toEqual(added.images);
    expect(view.profile.main_image).toEqual({ thumb_filename: image!.thumb_filename });
    expect((await listOf(me.cookie)).profiles.find((p) => p.id === id)?.thumb_filename).toBe(image!.thumb_filename);
    const shown = await answer(await publicProfile(member, id), 200, MemberAnswerSchema);
    expect(shown.profile.images).toEqual(added.images);
    expect(await auditLines("ent_profile_photo_added", id)).toEqual([[1, me.id]]);

    const removed = await answer(
      await entCalls.removePhoto(me.cookie, { profile: id, image: image!.id }),
      200,
      ImagesAnswerSchema,
    );
    expect(removed.images).toEqual([]);
    const after = await profileOf(me.cookie, id);
    expect(after.profile).toMatchObject({ images: [], main_image: null });
    expect(await env.PHOTOS.head(image!.thumb_filename)).toBeNull();
    expect(await auditLines("ent_profile_photo_removed", id)).toEqual([[1, me.id]]);
  });

  it("a non-image is 415 unsupported_image; no ?profile is 422; nothing added", async () => {
    const { id } = await createEnt(me.cookie);
    await errorOf(await entCalls.upload(me.cookie, id, photoForm("text")), 415, "unsupported_image");
    await errorOf(await entCalls.upload(me.cookie, undefined), 422, "invalid_input");
    await errorOf(await entCalls.upload(me.cookie, "abc"), 422, "invalid_input");
    const noFile = new FormData();
    noFile.set("other", "x");
    await errorOf(await entCalls.upload(me.cookie, id, noFile), 422, "invalid_input");
    expect((await profileOf(me.cookie, id)).profile.images).toEqual([]);
    expect(await auditLines("ent_profile_photo_added", id)).toEqual([]);
  });

  it("DELETE with another profile's image: 404, both photos kept; a member's image likewise", async () => {
    const [{ id: a }, { id: b }] = [await createEnt(me.cookie), await createEnt(me.cookie)];
    const ofA = await answer(await entCalls.upload(me.cookie, a), 201, ImagesAnswerSchema);
    const ofB = await answer(await entCalls.upload(me.cookie, b), 201, ImagesAnswerSchema);
    await errorOf(await entCalls.removePhoto(me.cookie, { profile: a, image: ofB.images[0]!.id }), 404, "not_found");
    await errorOf(await entCalls.removePhoto(me.cookie, { profile: a, image: 99_999_999 }), 404, "not_found");
    await errorOf(await entCalls.removePhoto(me.cookie, { profile: a }), 422, "invalid_input");
    expect((await profileOf(me.cookie, a)).profile.images).toEqual(ofA.images);
    expect((await profileOf(me.cookie, b)).profile.images).toEqual(ofB.images);
    expect(await auditLines("ent_profile_photo_removed", a)).toEqual([]);
  });
});

describe("persona notes (ent_persona_notes.php)", () => {
  it("versions 0 → 1 → 2; a stale version is 409 notes_changed and keeps the text; hosts see and continue the same notes", async () => {
    const me = await admin(1);
    const host = await createHost({ siteId: 1, languages: "nl" });
    const { id, body } = await createEnt(me.cookie);
    const save = async (text: string, version: number) =>
      (await answer(await entCalls.notes(me.cookie, { id, text, version }), 200, HostNotesAnswerSchema)).notes;

    const first = await save("  Works as a nurse.\r\nHas a cat.  ", 0);
    expect(first).toMatchObject({ text: "Works as a nurse.\nHas a cat.", version: 1, updated_by: me.name });
    expect(first.updated_at).toEqual(expect.any(Number));
    const second = await save("Works as a nurse. Has a cat called Mo.", 1);
    expect(second.version).toBe(2);
    for (const stale of [0, 1, 3]) {
      await errorOf(await entCalls.notes(me.cookie, { id, text: "Mine!", version: stale }), 409, "notes_changed");
    }
    expect((await profileOf(me.cookie, id)).persona_notes).toEqual(second);
    await errorOf(await entCalls.notes(me.cookie, { id, text: "x", version: -1 }), 422, "invalid_input");

    // A host writing as the profile reads the same notes, and saving from the conversation continues them.
    const { conversation } = await waitingConversation({ profile: { id, name: body.name } });
    expect((await viewOf(host.cookie, conversation)).profile_notes).toEqual(second);
    const third = await notesOk(host.cookie, {
      conversation,
      about: "profile",
      text: "Has a cat called Mo and a dog.",
      version: 2,
    });
    expect(third).toMatchObject({ version: 3, updated_by: host.name });
    expect((await profileOf(me.cookie, id)).persona_notes).toEqual(third);
    await errorOf(
      await hostCalls.notes(host.cookie, { conversation, about: "profile", text: "Old", version: 2 }),
      409,
      "notes_changed",
    );
  });
});

describe("who wrote as the profile (GET ent_profile.php hosts)", () => {
  it("a host who replied as it: their name with replies 1; the list counts the reply", async () => {
    const me = await admin(1);
    const host = await createHost({ siteId: 1, languages: "nl", name: `Host Ada ${Date.now()}` });
    const { id, body } = await createEnt(me.cookie);
    expect((await profileOf(me.cookie, id)).hosts).toEqual([]);
    const { conversation } = await waitingConversation({ profile: { id, name: body.name } });
    await claimOk(host.cookie, conversation);
    const reply = await replyOk(host.cookie, conversation, "Hi! Doing great, and you?");

    const hosts = (await profileOf(me.cookie, id)).hosts;
    expect(hosts).toEqual([{ name: host.name, replies: 1, last_at: expect.any(Number) }]);
    expect(hosts[0]!.last_at).toBeGreaterThanOrEqual(reply.created_at - 1000);
    expect((await listOf(me.cookie)).profiles.find((p) => p.id === id)).toMatchObject({
      conversations: 1,
      waiting: 0,
      replies: 1,
    });
  });
});
