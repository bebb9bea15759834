import { useEffect } from "react";

/**
 * Escape closes the open menu the focus is in (our "⋯" menus and the emoji picker are <details>,
 * so they work without JavaScript) and gives the focus back to its button: a keyboard user is
 * never left inside a menu they cannot shut. One listener for the page, not one per menu.
 */
export function useEscapeClosesMenus() {
  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const menu = document.activeElement?.closest("details[open]");
      if (!(menu instanceof HTMLDetailsElement)) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, []);
}
