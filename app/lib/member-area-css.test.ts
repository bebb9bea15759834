/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withoutMemberArea } from "./member-area-css";

describe("withoutMemberArea", () => {
  it("cuts out the member-area blocks, nested rules and media queries included, and keeps the rest in order", () => {
    const css =
      ".a{color:red}@supports (--member-area:1){.chat{x:1}@media (min-width:48rem){.chat{y:2}}}.notice-box{m:0}" +
      "@supports (--member-area: 1) {\n  .shop { z: 3 }\n}\n.b{color:blue}@supports (display:grid){.g{display:grid}}";
    expect(withoutMemberArea(css)).toBe(
      ".a{color:red}.notice-box{m:0}\n.b{color:blue}@supports (display:grid){.g{display:grid}}",
    );
  });

  it("leaves a sheet without such blocks as it is", () => {
    expect(withoutMemberArea(".a{b:c}")).toBe(".a{b:c}");
  });

  it("finds the blocks app.css has, and what is left is balanced and keeps the parts landers use", () => {
    // app.css imports its parts (app/styles/), as Vite inlines them into the one sheet.
    const source = readFileSync(new URL("../app.css", import.meta.url), "utf8").replace(
      /@import "\.\/(styles\/[\w.-]+\.css)";/g,
      (_, file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8"),
    );
    expect(source).not.toContain("@import");
    const stripped = withoutMemberArea(source);
    expect(source.match(/@supports \(--member-area: 1\)/g)?.length).toBeGreaterThan(1);
    expect(stripped).not.toContain("--member-area");
    expect(stripped).not.toMatch(/\.chat-list\b|\.order-summary\b|\.match-moment\b/);
    expect(stripped).toMatch(/\.notice-box\s*\{/);
    expect(stripped.split("{").length).toBe(stripped.split("}").length);
    expect(stripped.length).toBeLessThan(source.length * 0.8);
  });
});
