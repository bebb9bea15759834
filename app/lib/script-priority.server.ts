/**
 * Marks the page's module preloads `fetchpriority="low"` as the HTML streams out (ADR 046).
 *
 * The page is complete without JavaScript (server-rendered, inline CSS), so its scripts only
 * hydrate it. At their default High priority they compete with the photos in view, and on a
 * fast network with a slow phone they can even arrive and be evaluated before the first paint,
 * which then waits for them. React Router's <Scripts> renders the preload links without a way to
 * pass the attribute, so it is added here; React escapes text and attribute values, so the tag
 * below is only ever React Router's own.
 */
const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

export function lowPriorityModulePreloads(html: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // A chunk can end inside the tag: only such an unfinished start waits for the next chunk, so
  // nothing else of a streamed page is held back.
  let carry = "";
  // React writes the preloads it hoists into the head (they come before the inline stylesheet):
  // once the head is out, the rest of the page passes as it is, not decoded and encoded again
  // (that was a twentieth of a member page's render time).
  let headDone = false;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const emit = (text: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    const rewritten = (carry + text).replaceAll(TAG, LOW);
    const keep = unfinishedTagLength(rewritten);
    carry = rewritten.slice(rewritten.length - keep);
    const ready = rewritten.slice(0, rewritten.length - keep);
    if (ready) controller.enqueue(encoder.encode(ready));
    return ready;
  };
  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (headDone) return controller.enqueue(chunk);
        const ready = emit(decoder.decode(chunk, { stream: true }), controller);
        // Only at a chunk that ends on a whole character (an ASCII byte) with nothing carried:
        // the decoder then holds no bytes that passing through would lose.
        headDone = ready.includes("</head>") && carry === "" && (chunk.at(-1) ?? 0) < 0x80;
      },
      flush(controller) {
        emit(decoder.decode(), controller);
        if (carry) controller.enqueue(encoder.encode(carry));
      },
    }),
  );
}

/** How many characters at the end of `text` may be the start of TAG. */
function unfinishedTagLength(text: string): number {
  const start = text.lastIndexOf("<", text.length - 1);
  if (start === -1 || text.length - start >= TAG.length) return 0;
  return TAG.startsWith(text.slice(start)) ? text.length - start : 0;
}
