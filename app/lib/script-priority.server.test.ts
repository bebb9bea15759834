import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server";

async function through(chunks: string[]): Promise<string[]> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const out: string[] = [];
  const decoder = new TextDecoder();
  for await (const part of lowPriorityModulePreloads(source)) out.push(decoder.decode(part));
  return out;
}

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low priority and leaves the rest alone", async () => {
    const html =
      '<head><link rel="modulepreload" href="/a.js"/><link rel="preload" as="image" href="/p.jpg"/>' +
      '<link rel="modulepreload" href="/b.js"/></head><p>&lt;link rel=&quot;modulepreload&quot;</p>';
    const out = (await through([html])).join("");
    expect(out).toBe(
      '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="preload" as="image" href="/p.jpg"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><p>&lt;link rel=&quot;modulepreload&quot;</p>',
    );
  });

  it("finds a tag split across chunks at any point", async () => {
    const html = '<div></div><link rel="modulepreload" href="/a.js"/><p>é</p>';
    for (let cut = 1; cut < html.length; cut++) {
      const out = (await through([html.slice(0, cut), html.slice(cut)])).join("");
      expect(out).toBe('<div></div><link rel="modulepreload" fetchpriority="low" href="/a.js"/><p>é</p>');
    }
  });

  it("holds nothing back but the start of a tag, so a streamed part arrives whole", async () => {
    const out = await through(["<main>shell</main><script>go()</script>", "<div>later</div><li", "nk>"]);
    expect(out[0]).toBe("<main>shell</main><script>go()</script>");
    expect(out.join("")).toBe("<main>shell</main><script>go()</script><div>later</div><link>");
  });

  it("passes the page after the head through as it is", async () => {
    const head = '<head><link rel="modulepreload" href="/a.js"/></head>';
    const body = new TextEncoder().encode('<body><link rel="modulepreload" href="/late.js"/>é</body>');
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(body);
        controller.close();
      },
    });
    const parts: Uint8Array[] = [];
    for await (const part of lowPriorityModulePreloads(source)) parts.push(part);
    expect(new TextDecoder().decode(parts[0])).toBe('<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head>');
    expect(parts[1]).toBe(body); // the very chunk, not a copy
  });

  it("keeps rewriting after the head while a character is split across chunks", async () => {
    const bytes = new TextEncoder().encode('</head>é<link rel="modulepreload" href="/b.js"/>');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    let out = "";
    const decoder = new TextDecoder();
    for await (const part of lowPriorityModulePreloads(source)) out += decoder.decode(part, { stream: true });
    expect(out).toBe('</head>é<link rel="modulepreload" fetchpriority="low" href="/b.js"/>');
  });
});
