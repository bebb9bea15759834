/**
 * Where to go after login: only paths of this site ("/home", "/members/12?x=1"). Anything
 * else (other hosts, "//evil.example", "/\\evil", javascript:) falls back to the default.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (typeof target !== "string" || target === "") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "https://same.invalid");
    if (url.origin !== "https://same.invalid") return fallback;
    // Dot segments can normalise into "//host" ("/.//evil.example"): check what comes out too.
    if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
