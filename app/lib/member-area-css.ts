/**
 * Lander pages are written without the member area's rules (docs/decisions/020, "Landers
 * without the member area's rules"): app.css wraps them (likes, notifications, chat, the shop,
 * the match moment) in `@supports (--member-area: 1) { … }`, a condition every browser meets, so
 * every other page keeps one stylesheet in its own order, and a lander's first view stays within
 * 14 KB compressed. The blocks are cut out once per isolate, by matching braces (the rules inside
 * hold no braces in strings).
 */
const MEMBER_AREA = /@supports\s*\(\s*--member-area\s*:\s*1\s*\)\s*\{/g;

export function withoutMemberArea(css: string): string {
  let kept = "";
  let from = 0;
  for (const match of css.matchAll(MEMBER_AREA)) {
    if (match.index < from) continue;
    kept += css.slice(from, match.index);
    let depth = 1;
    let i = match.index + match[0].length;
    for (; i < css.length && depth > 0; i++) {
      if (css[i] === "{") depth++;
      else if (css[i] === "}") depth--;
    }
    from = i;
  }
  return kept + css.slice(from);
}
