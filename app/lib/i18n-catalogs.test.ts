import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogOf, isStaffNamespace, messages } from "../../contract/messages";

const APP = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The staff console's own code: what may name the staff catalog's messages. */
const isStaffCode = (file: string) =>
  /\/staff[/-]|\/staff\.|\/site-settings\/|forms\/(ent-profiles|hosts|discount-codes)\.ts$/.test(
    path.relative(APP, file).replace(/^/, "/"),
  );

describe("the messages a browser downloads (contract/messages catalogOf)", () => {
  it("members' pages name no message of the staff console or the mail, so their catalog has all they need", () => {
    const misplaced: string[] = [];
    for (const file of sourceFiles(APP).filter((f) => !isStaffCode(f))) {
      for (const [, namespace] of readFileSync(file, "utf8").matchAll(
        /["'`]([a-zA-Z]+)\.(?!json\b)[a-zA-Z_]+[a-zA-Z_.]*["'`]/g,
      )) {
        if (namespace && namespace in messages.en && (isStaffNamespace(namespace) || namespace === "mail")) {
          misplaced.push(`${path.relative(APP, file)}: ${namespace}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  it("the members' catalog leaves out the mail and the staff console; the staff catalog only the mail", () => {
    const members = catalogOf(messages.en, "messages");
    const staff = catalogOf(messages.en, "staff");
    expect(Object.keys(members)).not.toContain("mail");
    expect(Object.keys(members)).not.toContain("staffSites");
    expect(Object.keys(members)).not.toContain("hosts");
    expect(Object.keys(members)).toContain("chat");
    expect(Object.keys(staff)).toEqual(Object.keys(messages.en).filter((namespace) => namespace !== "mail"));
    // The point of it: a member's first visit downloads far less.
    expect(JSON.stringify(members).length).toBeLessThan(JSON.stringify(messages.en).length * 0.75);
  });
});
