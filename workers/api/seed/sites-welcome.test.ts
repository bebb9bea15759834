import { describe, expect, it } from "vitest";
import { StoredSettingsSchema } from "../../../contract/schemas";
import { DEMO_SITES } from "./sites";

describe("the demo sites' welcome copy (ADR 061)", () => {
  it("differs for each demo site, in its own language", () => {
    const copies = DEMO_SITES.map((site) => StoredSettingsSchema.parse(site.settings));
    for (const settings of copies) expect(settings.welcome?.[settings.domain_language]?.headline).toBeTruthy();
    expect(new Set(copies.map((s) => s.welcome?.[s.domain_language]?.headline)).size).toBe(DEMO_SITES.length);
  });
});
