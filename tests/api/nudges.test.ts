/**
 * Nudges (issue 30 point 4, ADR 057) on real D1: a message with a word of the site's offensive
 * list is refused without confirm (422 message_needs_confirm) before anything is charged or
 * stored; with confirm it is sent once, charged once (also ten confirmed sends at once with one
 * key) and stored as nudged, which both sides' histories show. The messages answer gives the
 * sender the words that apply. The same for a message to an entertainment profile; a host's
 * reply is not nudged.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MessageSentSchema } from "../../contract/schemas";
import { answer, balanceOf, charges, errorOf, history, messageRows, newKey, pair, send, sendOk } from "./chat-helpers";
import { ensureSites } from "./helpers";
import { claimOk, createHost, replyOk, sendAs, waitingConversation } from "./host-helpers";

beforeAll(ensureSites);

const needsConfirm = async (response: Response) => errorOf(response, 422, "message_needs_confirm");

async function confirmedOk(cookie: string, conversation: number, text: string, key = newKey()) {
  return answer(await send(cookie, { conversation, text, key, confirm: true }), 201, MessageSentSchema);
}

/** Runs `body` with site 1's settings changed by `change`, and puts them back. */
async function withSiteSettings(change: (settings: Record<string, unknown>) => void, body: () => Promise<void>) {
  const site = await env.DB.prepare("SELECT settings FROM sites WHERE id = 1").first<{ settings: string }>();
  const settings = JSON.parse(site?.settings ?? "{}") as Record<string, unknown>;
  change(settings);
  await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 1").bind(JSON.stringify(settings)).run();
  try {
    await body();
  } finally {
    await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 1").bind(site?.settings).run();
  }
}

describe("Are you sure? (POST /api/messages.php)", () => {
  it("refuses an offensive message without confirm, evasions too, charging and storing nothing", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 50 });
    for (const text of ["you idiot", "YOU ARE A MORON!", "i d i o t", "1d10t", "ｉｄｉｏｔ", "id\u200Diot", "f u c k off"]) {
      const error = await needsConfirm(await send(aCookie, { conversation, text, key: newKey() }));
      expect(error.fields, text).toEqual({ text: "offensive" });
    }
    // confirm: false is no confirmation.
    await needsConfirm(await send(aCookie, { conversation, text: "idiot", key: newKey(), confirm: false }));
    expect(await messageRows(conversation)).toBe(0);
    expect(await charges(a.id)).toBe(0);
    expect(await balanceOf(a.id)).toBe(50);
    // Not inside longer words: these go without a question, unflagged.
    const sent = await sendOk(aCookie, conversation, "I have a class tonight, a passionate assistant told me");
    expect(sent.message.nudged).toBe(false);
  });

  it("a confirmed send goes once with the refused send's key, flagged for both sides", async () => {
    const { a, aCookie, bCookie, conversation } = await pair({ aCredits: 50 });
    const key = newKey();
    await needsConfirm(await send(aCookie, { conversation, text: "you are an idiot", key }));
    const sent = await confirmedOk(aCookie, conversation, "you are an idiot", key);
    expect(sent.message).toMatchObject({ text: "you are an idiot", nudged: true, mine: true });
    expect(sent.balance).toBe(40);
    expect(await charges(a.id)).toBe(1);
    // The same key again (a retried form) answers the same message, charged nothing more.
    const again = await answer(
      await send(aCookie, { conversation, text: "you are an idiot", key, confirm: true }),
      200,
      MessageSentSchema,
    );
    expect(again.message.id).toBe(sent.message.id);
    expect(await charges(a.id)).toBe(1);
    // The receiver sees the flag (and so does the sender).
    const theirs = (await history(bCookie, conversation)).messages.at(-1);
    expect(theirs).toMatchObject({ id: sent.message.id, mine: false, nudged: true });
    expect((await history(aCookie, conversation)).messages.at(-1)?.nudged).toBe(true);
  });

  it("confirm on an ordinary message changes nothing: it is not flagged", async () => {
    const { aCookie, bCookie, conversation } = await pair({ aCredits: 50 });
    const sent = await confirmedOk(aCookie, conversation, "Hello, how was your day?");
    expect(sent.message.nudged).toBe(false);
    expect((await history(bCookie, conversation)).messages.at(-1)?.nudged).toBe(false);
  });

  it("ten confirmed sends at once with one key send and charge once", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 50 });
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => send(aCookie, { conversation, text: "you moron", key, confirm: true })),
    );
    for (const response of responses) expect([200, 201]).toContain(response.status);
    const ids = new Set(await Promise.all(responses.map(async (r) => MessageSentSchema.parse(await r.json()).message.id)));
    expect(ids.size).toBe(1);
    expect(await messageRows(conversation)).toBe(1);
    expect(await charges(a.id)).toBe(1);
    expect(await balanceOf(a.id)).toBe(40);
  });

  it("without enough credits a confirmed send is 402 and stores nothing", async () => {
    const { aCookie, conversation } = await pair({ aCredits: 0 });
    await errorOf(
      await send(aCookie, { conversation, text: "idiot", key: newKey(), confirm: true }),
      402,
      "insufficient_credits",
    );
    expect(await messageRows(conversation)).toBe(0);
  });

  it("contact details are refused first, confirmed or not", async () => {
    const { aCookie, conversation } = await pair({ aCredits: 50 });
    const body = { conversation, text: "idiot, write me at anna@example.com", key: newKey(), confirm: true };
    await errorOf(await send(aCookie, body), 422, "contact_details_refused");
    expect(await messageRows(conversation)).toBe(0);
  });

  it("refuses a confirm that is not true or false", async () => {
    const { aCookie, conversation } = await pair({ aCredits: 50 });
    for (const confirm of ["yes", 1, null]) {
      await errorOf(await send(aCookie, { conversation, text: "idiot", key: newKey(), confirm }), 422, "invalid_input");
    }
    expect(await messageRows(conversation)).toBe(0);
  });
});

describe("the words (nudge_words, the offensive_words setting)", () => {
  it("the messages answer gives the words of the member's language and the site's", async () => {
    const { a, aCookie, conversation } = await pair();
    const english = (await history(aCookie, conversation)).nudge_words;
    expect(english).toContain("idiot*");
    expect(english).not.toContain("klootzak*");
    await env.DB.prepare("UPDATE members SET language = 'nl' WHERE id = ?").bind(a.id).run();
    const dutch = (await history(aCookie, conversation)).nudge_words;
    expect(dutch).toEqual(expect.arrayContaining(["idiot*", "klootzak*"]));
  });

  it("a site's list replaces a language's default, and an empty list nudges for nothing", async () => {
    const { a, aCookie, conversation } = await pair({ aCredits: 100 });
    await env.DB.prepare("UPDATE members SET language = 'nl' WHERE id = ?").bind(a.id).run();
    await withSiteSettings(
      (settings) => {
        settings.offensive_words = { en: ["jerk*"], nl: [] };
      },
      async () => {
        expect((await history(aCookie, conversation)).nudge_words).toEqual(["jerk*"]);
        await needsConfirm(await send(aCookie, { conversation, text: "what a j3rk", key: newKey() }));
        expect((await sendOk(aCookie, conversation, "you idiot, klootzak")).message.nudged).toBe(false);
      },
    );
  });
});

describe("entertainment profiles", () => {
  it("a member writing to one is nudged the same way; the host's reply is not", async () => {
    const { member, conversation } = await waitingConversation({ text: "Hi Lotte!", language: "en" });
    const before = await messageRows(conversation);
    await needsConfirm(await sendAs(member, conversation, "you are a moron"));
    expect(await messageRows(conversation)).toBe(before);
    const confirmed = await send(member.cookie, { conversation, text: "you are a moron", key: newKey(), confirm: true });
    expect((await answer(confirmed, 201, MessageSentSchema)).message.nudged).toBe(true);
    // A host who writes the profile's language (English here).
    const host = await createHost({ siteId: 1, languages: "en" });
    await claimOk(host.cookie, conversation);
    await replyOk(host.cookie, conversation, "Don't call me an idiot, please :)");
    const last = (await history(member.cookie, conversation)).messages.at(-1);
    expect(last).toMatchObject({ mine: false, nudged: false });
  });
});
