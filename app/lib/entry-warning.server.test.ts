import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { User } from "../../contract/schemas";
import { outgoingCookies, userContext } from "./context";
import { entryWarningCookie } from "./cookies.server";
import { acceptEmbeddedEntryWarning, needsEntryWarning } from "./entry-warning.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36";
const ON = { entry_warning: true };

function visit(headers: Record<string, string> = {}, user: User | null = null) {
  const request = new Request("https://velvet.example/members", { headers: { "user-agent": BROWSER, ...headers } });
  const context = new RouterContextProvider();
  context.set(outgoingCookies, []);
  context.set(userContext, Promise.resolve(user));
  return { request, context };
}

describe("needsEntryWarning", () => {
  it("stands before a visitor's first page on a site that asks for it", async () => {
    const { request, context } = visit();
    expect(await needsEntryWarning(request, context, ON)).toBe(true);
    expect(await needsEntryWarning(request, context, { entry_warning: false })).toBe(false);
  });

  it("is gone once the flag is set, also by this request itself", async () => {
    const withFlag = visit({ cookie: "lng=en; skipped_entry_warning=1" });
    expect(await needsEntryWarning(withFlag.request, withFlag.context, ON)).toBe(false);
    const settingIt = visit();
    settingIt.context.get(outgoingCookies).push(entryWarningCookie(settingIt.request, true));
    expect(await needsEntryWarning(settingIt.request, settingIt.context, ON)).toBe(false);
  });

  it("counts only the flag's own value: a deleted or forged one shows the notice", async () => {
    for (const cookie of [
      "skipped_entry_warning=",
      "skipped_entry_warning=0",
      "skipped_entry_warning=%ZZ",
      "xskipped_entry_warning=1",
    ]) {
      const { request, context } = visit({ cookie });
      expect(await needsEntryWarning(request, context, ON)).toBe(true);
    }
    const deleting = visit();
    deleting.context.get(outgoingCookies).push(entryWarningCookie(deleting.request, false));
    expect(await needsEntryWarning(deleting.request, deleting.context, ON)).toBe(true);
  });

  it("lets crawlers and members through", async () => {
    const bot = visit({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect(await needsEntryWarning(bot.request, bot.context, ON)).toBe(false);
    const member = visit({}, { id: 1 } as unknown as User);
    expect(await needsEntryWarning(member.request, member.context, ON)).toBe(false);
  });
});

describe("acceptEmbeddedEntryWarning", () => {
  it("sets the flag for a form that carried the warning, and only for it", async () => {
    const carried = visit();
    const form = new FormData();
    form.set("entry_warning", "accepted");
    acceptEmbeddedEntryWarning(carried.request, carried.context, form);
    expect(carried.context.get(outgoingCookies)).toEqual([
      expect.stringMatching(/^skipped_entry_warning=1; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure$/),
    ]);

    for (const value of [null, "", "yes", "<b>accepted</b>"]) {
      const other = visit();
      const f = new FormData();
      if (value !== null) f.set("entry_warning", value);
      acceptEmbeddedEntryWarning(other.request, other.context, f);
      expect(other.context.get(outgoingCookies)).toEqual([]);
    }
  });

  it("does not set it twice", async () => {
    const { request, context } = visit({ cookie: "skipped_entry_warning=1" });
    const form = new FormData();
    form.set("entry_warning", "accepted");
    acceptEmbeddedEntryWarning(request, context, form);
    expect(context.get(outgoingCookies)).toEqual([]);
  });
});

describe("entryWarningCookie", () => {
  it("deletes with Max-Age=0 and is Secure only on https", async () => {
    const cookie = entryWarningCookie(new Request("http://velvet.localhost/"), false);
    expect(cookie).toBe("skipped_entry_warning=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly");
  });
});
