/**
 * Starts the page's scripts after its first paint (ADR 067, which follows ADR 046).
 *
 * The page is complete without JavaScript (server-rendered, inline CSS), so its scripts only
 * hydrate it. React Router's <Scripts> writes a `<link rel="modulepreload">` into the head for
 * each module and, at the end of the shell, an inline module script that imports them. Both
 * start about 120 KB of JavaScript before the first paint, where it competes with the document
 * and the photos in view, and a slow phone may even run it before it paints.
 *
 * As the HTML streams out, this takes those preload links out of the head (and the preload of
 * the messages entry.client.tsx fetches, which only the scripts need) and makes the module
 * script inert (a `type` no browser runs). Right after it comes a small inline script that, once
 * the first frame is painted, adds the preload links back and puts a live copy of the module
 * script in the inert one's place: the page hydrates as before, one frame later, and the DOM
 * React hydrates is the one the server wrote (React finds hoisted links by their attributes, not
 * by their place). <Scripts> has no option for any of this; React escapes text and attribute
 * values, so the tags matched below are only ever the app's own (React Router's and root.tsx's).
 * Only an unfinished tag at a chunk's end, or the module script until its end, waits for the
 * next chunk. A page without module preloads (a lander) passes through from its head's end.
 */
/** React Router's module preloads, and root.tsx's preload of the messages entry.client.tsx fetches. */
const PRELOAD = /<link rel="(?:modulepreload|preload" as="fetch)"[^>]*>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/;
const INERT_TYPE = "text/x-after-first-paint";
/** Marks the starter, which removes itself as it runs: one still in the page means JavaScript is off. */
const STARTER_MARK = "data-starts-scripts";
/** The longest tag this looks for, so an unfinished one at a chunk's end can wait for the next. */
const LONGEST_OPENING = 200;

export function scriptsAfterFirstPaint(html: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let preloads = "";
  // Text decoded but not yet written: only ever the start of a tag this may still rewrite, or a
  // module script waiting for its end.
  let pending = "";
  // Done rewriting: the module script is rewritten, or the head ended without a module preload
  // (a page without scripts, such as a lander).
  let rewritten = false;
  let passThrough = false;

  const rewrite = (text: string): string => {
    const page = text.replace(PRELOAD, (tag) => {
      preloads += tag;
      return "";
    });
    const script = MODULE_SCRIPT.exec(page);
    if (!script) {
      const keep = unfinishedTagLength(page);
      pending = page.slice(page.length - keep);
      rewritten = preloads === "" && page.includes("</head>");
      return page.slice(0, page.length - keep);
    }
    const end = page.indexOf("</script>", script.index);
    if (end === -1) {
      pending = page.slice(script.index);
      return page.slice(0, script.index);
    }
    rewritten = true;
    pending = "";
    const close = end + "</script>".length;
    const nonce = script[1] ?? "";
    return (
      `${page.slice(0, script.index)}<script nonce="${nonce}" type="${INERT_TYPE}">` +
      `${page.slice(script.index + script[0].length, close)}` +
      `<script nonce="${nonce}" ${STARTER_MARK}>${starter(preloads)}</script>${page.slice(close)}`
    );
  };

  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        // Once the module script is rewritten, the rest of the page passes as it is, not decoded
        // and encoded again (that was a twentieth of a member page's render time). Only from a
        // chunk that ends on a whole character (an ASCII byte): the decoder then holds no bytes
        // that passing through would lose.
        if (passThrough) return controller.enqueue(chunk);
        const text = pending + decoder.decode(chunk, { stream: true });
        pending = "";
        const ready = rewritten ? text : rewrite(text);
        if (ready) controller.enqueue(encoder.encode(ready));
        passThrough = rewritten && (chunk.at(-1) ?? 0) < 0x80;
      },
      flush(controller) {
        const text = pending + decoder.decode();
        pending = "";
        let rest = (rewritten ? text : rewrite(text)) + pending;
        if (!rewritten && preloads) {
          // React Router's module script was never found (its markup changed?): the links go
          // back at the end, where they still work, so the page hydrates as before.
          console.error("scriptsAfterFirstPaint: no module script found; the preloads were put back unchanged");
          rest += preloads;
        }
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}

/**
 * The inline script after the inert module script. It removes itself at once, so the DOM React
 * hydrates has only what React rendered. A frame callback runs just before the first paint and a
 * timer set from it just after; a hidden tab paints nothing, so a timer starts the scripts there
 * too. The preload links go first and the module script in a task of its own, so that neither
 * makes one long task on a slow phone.
 */
function starter(preloads: string): string {
  const links = JSON.stringify(preloads).replaceAll("<", "\\u003c");
  return `(function () {
  var me = document.currentScript, inert = me.previousElementSibling;
  me.remove();
  function start() {
    if (!inert) return;
    var old = inert;
    inert = null;
    document.head.insertAdjacentHTML("beforeend", ${links});
    setTimeout(function () {
      var live = document.createElement("script");
      live.type = "module";
      live.nonce = old.nonce;
      live.textContent = old.textContent;
      old.replaceWith(live);
    }, 0);
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 3000);
})()`;
}

/** How many characters at the end of `text` may be the start of a tag this rewrites. */
function unfinishedTagLength(text: string): number {
  const start = text.lastIndexOf("<");
  if (start === -1 || text.length - start > LONGEST_OPENING || text.indexOf(">", start) !== -1) return 0;
  const tail = text.slice(start);
  const mayBe = (tag: string) => tag.startsWith(tail) || tail.startsWith(tag);
  return mayBe('<link rel="modulepreload"') || mayBe('<link rel="preload" as="fetch"') || mayBe("<script nonce=")
    ? text.length - start
    : 0;
}
