import { type ComponentType, lazy } from "react";

/**
 * React.lazy for a part a page can do without (a picker, a menu's actions): when its chunk cannot
 * load, offline above all, the part renders nothing instead of the import's error reaching the
 * route's error page and taking the page (and what the member typed) with it.
 */
export function lazyOrNothing<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      const Nothing: ComponentType<P> = () => null;
      return { default: Nothing };
    }
  });
}
