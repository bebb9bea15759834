import { describe, expect, it } from "vitest";
import { contrastRatio, DEFAULT_THEME, ThemeSchema, themeCss, themeImageUrl } from "./theme";

describe("the site theme", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThan(4.5);
  });

  it("refuses a brand colour white text cannot be read on", () => {
    expect(ThemeSchema.safeParse({ ...DEFAULT_THEME, brand: "#ffcc00" }).success).toBe(false);
    expect(ThemeSchema.safeParse({ ...DEFAULT_THEME, accent: "#f5a0c0" }).success).toBe(false);
    expect(ThemeSchema.safeParse(DEFAULT_THEME).success).toBe(true);
  });

  it("lets only plain colours, named fonts and a whole radius into the CSS", () => {
    for (const brand of ["red", "#b0124f;}body{display:none", "#b0124", "url(x)"]) {
      expect(ThemeSchema.safeParse({ ...DEFAULT_THEME, brand }).success, brand).toBe(false);
    }
    expect(ThemeSchema.safeParse({ ...DEFAULT_THEME, heading_font: "Comic Sans" }).success).toBe(false);
    expect(ThemeSchema.safeParse({ ...DEFAULT_THEME, radius: 4.5 }).success).toBe(false);
    expect(() => themeCss({ ...DEFAULT_THEME, brand: "#fff}" })).toThrow();
  });

  it("becomes custom properties on :root", () => {
    const css = themeCss({ ...DEFAULT_THEME, brand: "#0f766e", radius: 10, heading_font: "serif" });
    expect(css).toMatch(/^:root\{/);
    expect(css).toContain("--brand:#0f766e;");
    expect(css).toContain("--radius:10px;");
    expect(css).toContain("--font-heading:ui-serif");
    expect(css).not.toMatch(/[<>]/);
  });

  it("finds theme images under the image prefix, or at an https address", () => {
    expect(themeImageUrl(undefined, "/api/images/")).toBeNull();
    expect(themeImageUrl("/brand/logo.png", "/api/images/")).toBe("/api/images/brand/logo.png");
    expect(themeImageUrl("https://cdn.example/logo.svg", "/api/images/")).toBe("https://cdn.example/logo.svg");
  });
});
