import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type IconLook, rasterIcon, svgIcon } from "./draw";
import { glyphFor, initialOf } from "./glyphs";
import { encodePng } from "./png";
import { iconFileOf, iconResponse } from "./site-icon.server";

const AMORA: IconLook = { name: "Amora", brand: "#b0124f", accent: "#e0245e", radius: 18, template: "classic" };
const ZILVERHART: IconLook = { name: "Zilverhart", brand: "#0f766e", accent: "#1f5f8b", radius: 10, template: "social" };

/** Reads back what encodePng wrote: size, colour type and the pixels (filter 0 rows). */
function decodePng(png: Uint8Array) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(png.buffer, png.byteOffset);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  const idat: Uint8Array[] = [];
  const types: string[] = [];
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    types.push(type);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      colourType = data[9] ?? -1;
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixel = (x: number, y: number) => {
    const at = y * (width * 4 + 1) + 1 + x * 4;
    return [raw[at], raw[at + 1], raw[at + 2], raw[at + 3]];
  };
  return { width, height, colourType, types, raw, pixel };
}

describe("the site icon", () => {
  it("is a valid RGBA PNG of the asked size", async () => {
    for (const [variant, size] of [
      ["192", 192],
      ["512", 512],
      ["maskable-512", 512],
    ] as const) {
      const { rgba } = rasterIcon(AMORA, variant);
      const png = decodePng(await encodePng(size, size, rgba));
      expect(png.types).toEqual(["IHDR", "IDAT", "IEND"]);
      expect([png.width, png.height, png.colourType]).toEqual([size, size, 6]);
      expect(png.raw.length).toBe(size * (size * 4 + 1));
    }
  });

  it("runs from the brand colour (top left) into the accent colour (bottom right), the letter in white", async () => {
    const { rgba } = rasterIcon(AMORA, "maskable-512");
    const png = decodePng(await encodePng(512, 512, rgba));
    expect(png.pixel(2, 2)).toEqual([0xb0, 0x12, 0x4f, 255]);
    expect(png.pixel(509, 509)).toEqual([0xe0, 0x24, 0x5e, 255]);
    // The A's apex: at the top middle of the letter, white.
    expect(png.pixel(256, 256 - Math.round(512 * 0.18) + 6)).toEqual([255, 255, 255, 255]);
  });

  it("has the template's shape: a rounded square for classic, a circle for social, a full square when maskable", () => {
    const corner = (look: IconLook, variant: "512" | "maskable-512", x: number, y: number) =>
      rasterIcon(look, variant).rgba[(y * 512 + x) * 4 + 3];
    expect(corner(AMORA, "512", 1, 1)).toBe(0);
    expect(corner(AMORA, "maskable-512", 1, 1)).toBe(255);
    // 60 px in along the diagonal: inside classic's rounded square, outside social's circle.
    expect(corner(AMORA, "512", 60, 60)).toBe(255);
    expect(corner(ZILVERHART, "512", 60, 60)).toBe(0);
    expect(corner(ZILVERHART, "512", 256, 2)).toBe(255);
  });

  it("draws the name's initial, without accents, and a heart for a name without a Latin initial", () => {
    expect(initialOf("Amora")).toBe("A");
    expect(initialOf("  élan")).toBe("E");
    expect(initialOf("Łuna")).toBe(null);
    expect(initialOf("Любовь")).toBe(null);
    expect(initialOf("7th heaven")).toBe(null);
    expect(glyphFor("Любовь").width).toBeGreaterThan(1);
    expect(glyphFor("Zilverhart")).not.toEqual(glyphFor("Velvet Room"));
  });

  it("gives the favicon as SVG with the site's colours", () => {
    const svg = svgIcon(ZILVERHART);
    expect(svg).toContain('stop-color="#0f766e"');
    expect(svg).toContain('stop-color="#1f5f8b"');
    expect(svg).toContain("<circle");
    expect(svgIcon(AMORA)).toContain("<rect");
  });

  it("answers with an ETag of the look: 304 for the same, a new tag when the theme changes", async () => {
    expect(iconFileOf("192.png")).toBe("192");
    expect(iconFileOf("maskable-512.png")).toBe("maskable-512");
    expect(iconFileOf("favicon.svg")).toBe("favicon");
    expect(iconFileOf("1024.png")).toBe(null);
    expect(iconFileOf("192")).toBe(null);
    const first = await iconResponse(new Request("http://localhost/icons/site/192.png"), AMORA, "192");
    expect(first.headers.get("Content-Type")).toBe("image/png");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await iconResponse(
      new Request("http://localhost/icons/site/192.png", { headers: { "If-None-Match": etag } }),
      AMORA,
      "192",
    );
    expect(again.status).toBe(304);
    const recoloured = await iconResponse(new Request("http://localhost/"), { ...AMORA, brand: "#5b2a86" }, "192");
    expect(recoloured.headers.get("ETag")).not.toBe(etag);
  });
});
