/**
 * The composer's emoji button (the classic template shows it): a small fixed set, put in at the
 * cursor. Only with the script (phones have their own emoji keyboard without it).
 */
import { useRef, type RefObject } from "react";
import { useTranslation } from "~/lib/i18n-react";

const EMOJI = [
  "😊",
  "😂",
  "😍",
  "😘",
  "😉",
  "😎",
  "🥰",
  "😅",
  "🤔",
  "😢",
  "👍",
  "👋",
  "🙏",
  "🔥",
  "❤️",
  "💋",
  "🌹",
  "🎉",
  "☕",
  "🍷",
];

export function EmojiPicker({ target }: { target: RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const insert = (emoji: string) => {
    const area = target.current;
    if (!area) return;
    const start = area.selectionStart ?? area.value.length;
    const end = area.selectionEnd ?? start;
    area.setRangeText(emoji, start, end, "end");
    area.dispatchEvent(new Event("input", { bubbles: true }));
    if (details.current) details.current.open = false;
    area.focus();
  };
  return (
    <details className="emoji-picker" ref={details}>
      <summary aria-label={t("chat.emoji")}>😊</summary>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend inside the popover; a named group is the same for screen readers. */}
      <div className="emoji-grid" role="group" aria-label={t("chat.emoji")}>
        {EMOJI.map((emoji) => (
          <button key={emoji} type="button" onClick={() => insert(emoji)}>
            {emoji}
          </button>
        ))}
      </div>
    </details>
  );
}
