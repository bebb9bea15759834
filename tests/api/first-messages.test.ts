/**
 * First messages (issue 30 point 2, ADR 053) on real D1: until the other member has written,
 * contact details are refused with 422 contact_details_refused and the kind found, before anything
 * is charged or stored; afterwards they go. With an entertainment profile they are refused always,
 * and a host's reply is checked with the site's words. The messages answer says when the check applies.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureSites } from "./helpers";
import { balanceOf, charges, errorOf, history, messageRows, newKey, pair, send, sendOk } from "./chat-helpers";
import {
  claimOk,
  createHost,
  errorOf as hostErrorOf,
  hostCalls,
  profileMessages,
  replyOk,
  sendAs,
  waitingConversation,
} from "./host-helpers";

beforeAll(ensureSites);

async function refused(cookie: string, conversation: number, text: string, key = newKey()) {
  return errorOf(await send(cookie, { conversation, text, key }), 422, "contact_details_refused");
}

describe("a member's first messages (POST /api/messages.php)", () => {
  it("refuses each kind of contact detail with its reason, charging and storing nothing", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 50 });
    const cases: [string, string][] = [
      ["see bit.ly/abc", "link"],
      ["example.com/x is my page", "link"],
      ["name at gmail dot com", "email"],
      ["anna@example.com", "email"],
      ["call 0 6 1 2 3 4 5 6 7 8", "phone"],
      ["０６１２３４５６７８", "phone"],
      ["p a y p a l", "handle"],
      ["paypal dot me/anna", "handle"],
      ["whats\u200Dapp?", "handle"],
    ];
    for (const [text, kind] of cases) {
      const error = await refused(aCookie, conversation, text);
      expect(error.fields, text).toEqual({ text: kind });
    }
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(a.id)).toBe(0);
    expect(await balanceOf(a.id)).toBe(50);
    // Ordinary text goes, and costs what a message costs.
    await sendOk(aCookie, conversation, "Hi! I'm 34, free at 8 pm, coffee is €5 on me.");
    expect(await balanceOf(a.id)).toBe(40);
  });

  it("a refused send's key is not used up: the same key sends the edited text once", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 50 });
    const key = newKey();
    await refused(aCookie, conversation, "my number 0612345678", key);
    const sent = await sendOk(aCookie, conversation, "my number later", key);
    expect(sent.message.text).toBe("my number later");
    expect(await charges(a.id)).toBe(1);
  });

  it("twenty refused sends at once write and charge nothing", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 50 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(aCookie, { conversation, text: `telegram @anna_${i}00`, key: newKey() })),
    );
    // Each is refused (or slowed down by the send limit): never sent.
    for (const response of responses) expect([422, 429]).toContain(response.status);
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(a.id)).toBe(0);
  });

  it("after the other member has written, contact details go both ways", async () => {
    const { a, aCookie, bCookie, conversation } = await pair({ aCredits: 50 });
    expect((await history(aCookie, conversation)).first_messages).toBe(true);
    await sendOk(aCookie, conversation, "Hello!");
    // B answers: A wrote first, so B's messages are not checked.
    expect((await history(bCookie, conversation)).first_messages).toBe(false);
    await sendOk(bCookie, conversation, "Hi, my site is example.com/me");
    expect((await history(aCookie, conversation)).first_messages).toBe(false);
    await sendOk(aCookie, conversation, "Great, mine is bit.ly/abc and 0612345678");
    expect(await charges(a.id)).toBe(2);
  });

  it("uses the site's words for the languages in play, and none when a list is emptied", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 100 });
    // A writes in Dutch on an English site: both languages' lists count.
    await env.DB.prepare("UPDATE members SET language = 'nl' WHERE id = ?").bind(a.id).run();
    const site = await env.DB.prepare("SELECT settings FROM sites WHERE id = 1").first<{ settings: string }>();
    const settings = JSON.parse(site!.settings) as Record<string, unknown>;
    try {
      settings.first_message_handles = { en: ["fooopay"], nl: [] };
      await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 1").bind(JSON.stringify(settings)).run();
      expect((await refused(aCookie, conversation, "pay me on f o o o p a y")).fields).toEqual({ text: "handle" });
      // PayPal is in neither list now (a language's list replaces its default); links still count.
      await sendOk(aCookie, conversation, "paypal is what I use");
      expect((await refused(aCookie, conversation, "www.example.org")).fields).toEqual({ text: "link" });
    } finally {
      await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 1").bind(site!.settings).run();
    }
  });
});

describe("conversations with an entertainment profile", () => {
  it("refuses a member's contact details always, also after the host has answered", async () => {
    const { member, profile, conversation } = await waitingConversation({ text: "Hi Lotte!" });
    const host = await createHost({ siteId: 1, languages: "nl" });
    await claimOk(host.cookie, conversation);
    await replyOk(host.cookie, conversation, "Hi! How was your day?");
    const view = await history(member.cookie, conversation);
    expect(view.first_messages).toBe(true);
    const before = await messageRows(conversation);
    const error = await hostErrorOf(await sendAs(member, conversation, "add me on snapchat"), 422, "contact_details_refused");
    expect(error.fields).toEqual({ text: "handle" });
    expect(await messageRows(conversation)).toBe(before);
    expect(await profileMessages(conversation, profile.id)).toBe(1);
  });

  it("refuses a host's reply with contact details (contact_details_refused) or a proposal to meet (invalid_input)", async () => {
    const { profile, conversation } = await waitingConversation({ text: "Hi there" });
    const host = await createHost({ siteId: 1, languages: "nl" });
    await claimOk(host.cookie, conversation);
    const reply = (text: string) => hostCalls.reply(host.cookie, { conversation, text, key: newKey() });
    expect((await hostErrorOf(await reply("my insta @lotte_1995"), 422, "contact_details_refused")).fields).toEqual({
      text: "handle",
    });
    expect((await hostErrorOf(await reply("0 6 1 2 3 4 5 6 7 8"), 422, "contact_details_refused")).fields).toEqual({
      text: "phone",
    });
    expect((await hostErrorOf(await reply("Let's meet up tonight"), 422, "invalid_input")).fields).toEqual({ text: "meeting" });
    expect(await profileMessages(conversation, profile.id)).toBe(0);
  });
});
