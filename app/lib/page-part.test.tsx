import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { PartFailed } from "~/components/PartFailed";
import { TranslationProvider } from "~/lib/i18n-react";
import { messages } from "../../contract/messages";
import { pagePart } from "./page-part";

describe("a part of a page filled by its own call", () => {
  it("holds what the answer gives", () => {
    expect(pagePart({ ok: true, data: { chats: [1, 2, 3] } }, (data) => data.chats.slice(0, 2))).toEqual([1, 2]);
    expect(pagePart({ ok: true, data: { chats: [] } }, (data) => data.chats)).toEqual([]);
  });

  it("is null, not an empty list, when the call failed", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failed = pagePart({ ok: false, status: 400, error: { error: "not_found", message: "" } }, () => [1]);
    expect(failed).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("says so in the member's language, with a link that loads the page again", () => {
    const html = renderToStaticMarkup(
      <TranslationProvider locale="de" messages={messages.de}>
        <MemoryRouter initialEntries={["/home?tab=1"]}>
          <PartFailed />
        </MemoryRouter>
      </TranslationProvider>,
    );
    expect(html).toContain(messages.de.errors.partFailed);
    expect(html).toContain('href="/home?tab=1"');
    expect(html).toContain('role="status"');
  });
});
