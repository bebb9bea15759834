import { describe, expect, it } from "vitest";
import { DEMO_SITES } from "../seed/sites";
import { renderMail, screeningNoticeLine } from "./template";

const settings = DEMO_SITES[0]!.settings;
const content = {
  locale: "de" as const,
  subject: "Betreff",
  preheader: "Vorschau",
  greeting: "Hallo",
  intro: ["Text"],
  button: { label: "Los", url: "https://amora.example/x" },
  linkIntro: "Oder:",
  outro: [],
  signature: "Amora",
  reason: "Weil.",
};

describe("the screening notice under a mail (issue 30, ADR 053)", () => {
  it("is under every mail, in the mail's language, when the site shows it", () => {
    const mail = renderMail({ ...settings, screening_notice: true }, content);
    const line = "Amora führt keine Überprüfung der Vorstrafen seiner Mitglieder durch.";
    expect(screeningNoticeLine({ name: "Amora", screening_notice: true }, "de")).toBe(line);
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(line);
  });

  it("is nowhere when it is off (the default)", () => {
    const mail = renderMail({ ...settings, screening_notice: false }, content);
    expect(screeningNoticeLine({ name: "Amora", screening_notice: false }, "de")).toBeNull();
    expect(mail.text).not.toContain("Vorstrafen");
  });
});
