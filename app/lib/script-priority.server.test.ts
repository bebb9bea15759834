import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./script-priority.server";

function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

async function through(chunks: string[]): Promise<string[]> {
  const encoder = new TextEncoder();
  const out: string[] = [];
  const decoder = new TextDecoder();
  for await (const part of scriptsAfterFirstPaint(streamOf(chunks.map((c) => encoder.encode(c)))))
    out.push(decoder.decode(part, { stream: true }));
  return out;
}

// What React Router's <Scripts> writes, as React writes it (the preloads hoisted into the head).
const HEAD =
  '<head><link rel="preload" as="fetch" href="/_i18n/x/en/messages.json" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/a.js" nonce="n1"/><link rel="preload" as="image" href="/p.jpg"/>' +
  '<link rel="modulepreload" href="/b.js" nonce="n1"/><style>p{}</style></head>';
/** The links the starter adds back, as its code carries them. */
const LINKS = JSON.stringify(
  '<link rel="preload" as="fetch" href="/_i18n/x/en/messages.json" crossorigin="anonymous"/>' +
    '<link rel="modulepreload" href="/a.js" nonce="n1"/><link rel="modulepreload" href="/b.js" nonce="n1"/>',
).replaceAll("<", "\\u003c");
const MODULE = '<script nonce="n1" type="module" async="">import * as r from "/r.js";\nimport("/a.js");</script>';
const PAGE = `<!DOCTYPE html><html>${HEAD}<body><main>é &lt;link rel=&quot;modulepreload&quot;</main><script nonce="n1">ctx()</script>${MODULE}<script nonce="n1">data()</script></body></html>`;

/** The page's parts: the rewritten page without the starter, and the starter's code. */
function parts(html: string) {
  const starter = /<script nonce="n1" data-starts-scripts>(\(function \(\) \{[\s\S]*?\}\)\(\))<\/script>/.exec(html);
  return { page: starter ? html.replace(starter[0], "<STARTER>") : html, code: starter?.[1] ?? "" };
}

const EXPECTED_PAGE =
  '<!DOCTYPE html><html><head><link rel="preload" as="image" href="/p.jpg"/><style>p{}</style></head>' +
  '<body><main>é &lt;link rel=&quot;modulepreload&quot;</main><script nonce="n1">ctx()</script>' +
  '<script nonce="n1" type="text/x-after-first-paint">import * as r from "/r.js";\nimport("/a.js");</script>' +
  '<STARTER><script nonce="n1">data()</script></body></html>';

describe("scriptsAfterFirstPaint", () => {
  it("takes the scripts' preloads out, makes the module script inert and puts the starter after it", async () => {
    const { page, code } = parts((await through([PAGE])).join(""));
    expect(page).toBe(EXPECTED_PAGE);
    expect(code).toContain(LINKS);
  });

  it("finds every tag split across chunks at any point", async () => {
    for (let cut = 1; cut < PAGE.length; cut++) {
      const { page, code } = parts((await through([PAGE.slice(0, cut), PAGE.slice(cut)])).join(""));
      expect(page, `cut at ${cut}`).toBe(EXPECTED_PAGE);
      expect(code).toContain(LINKS);
    }
  });

  it("holds nothing back but the start of a tag it rewrites, so a streamed part arrives whole", async () => {
    const out = await through(["<main>shell</main><script>go()</script><div>", "later</div><li", "nk>"]);
    expect(out[0]).toBe("<main>shell</main><script>go()</script><div>");
    expect(out.join("")).toBe("<main>shell</main><script>go()</script><div>later</div><link>");
  });

  it("leaves a page without React Router's scripts as it is (a lander)", async () => {
    const lander = "<html><head><style>p{}</style></head><body><p>é</p><script nonce=x>1</script></body></html>";
    expect((await through([lander])).join("")).toBe(lander);
  });

  it("passes a page without scripts through as it is from its head's end (a lander)", async () => {
    const encoder = new TextEncoder();
    const body = encoder.encode("<body><p>é</p></body></html>");
    const chunks: Uint8Array[] = [];
    for await (const part of scriptsAfterFirstPaint(streamOf([encoder.encode("<html><head></head>"), body]))) chunks.push(part);
    expect(chunks[1]).toBe(body); // the very chunk, not a copy
  });

  it("puts the preloads back at the end when React Router's module script is not found", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const out = (await through([`${HEAD}<body><p>x</p></body></html>`])).join("");
      expect(out).toBe(
        '<head><link rel="preload" as="image" href="/p.jpg"/><style>p{}</style></head><body><p>x</p></body></html>' +
          JSON.parse(LINKS),
      );
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });

  it("passes the page after the module script through as it is", async () => {
    const encoder = new TextEncoder();
    const later = encoder.encode('<div hidden id="S:0">é</div><script>$RC("B:0","S:0")</script>');
    const chunks: Uint8Array[] = [];
    for await (const part of scriptsAfterFirstPaint(streamOf([encoder.encode(`${HEAD}${MODULE}`), later]))) chunks.push(part);
    expect(chunks[1]).toBe(later); // the very chunk, not a copy
  });

  it("keeps a character split across chunks whole around the rewrite", async () => {
    const bytes = new TextEncoder().encode(`${MODULE}é<b>ü</b>`);
    const cut = bytes.lastIndexOf(0xc3) + 1; // inside the two bytes of ü
    let out = "";
    const decoder = new TextDecoder();
    for await (const part of scriptsAfterFirstPaint(streamOf([bytes.slice(0, cut), bytes.slice(cut)])))
      out += decoder.decode(part, { stream: true });
    expect(out.endsWith("é<b>ü</b>")).toBe(true);
  });

  it("writes a starter that adds the links back after the first frame, then the live module script", async () => {
    const { code } = parts((await through([PAGE])).join(""));
    const appended: (string | { type?: string; nonce?: string; textContent?: string })[] = [];
    const frames: (() => void)[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const inert = {
      nonce: "n1",
      textContent: 'import("/a.js");',
      replaceWith: (live: object) => appended.push(live),
    };
    const me = { previousElementSibling: inert, removed: false, remove: () => (me.removed = true) };
    runInNewContext(code, {
      document: {
        currentScript: me,
        createElement: () => ({}),
        head: { insertAdjacentHTML: (_where: string, html: string) => appended.push(html) },
      },
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    });
    expect(me.removed).toBe(true);
    expect(appended).toEqual([]); // nothing before the first frame
    frames.shift()?.();
    timers.find((t) => t.ms === 0)?.run(); // just after the first paint
    expect(appended).toEqual([JSON.parse(LINKS)]);
    timers.at(-1)?.run(); // the module script, in a task of its own
    expect(appended.at(-1)).toEqual({ type: "module", nonce: "n1", textContent: 'import("/a.js");' });
    timers.find((t) => t.ms === 3000)?.run(); // the hidden-tab timer finds the scripts started
    expect(appended).toHaveLength(2);
  });
});
