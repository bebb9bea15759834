/**
 * The screening notice (issue 30 point 6; docs/product.md "The safety page and the screening
 * notice", ADR 053): some jurisdictions (New Jersey, for one) require a dating site that does not
 * screen its members' criminal records to say so at sign-up. A site turns it on in its settings;
 * the text is standard and translated (safety2.screeningNotice), made here on the server so the
 * sign-up page's script carries nothing for it (docs/architecture.md §6).
 */
import type { RouterContextProvider } from "react-router";
import type { Settings } from "../../contract/schemas";
import { getInstance } from "./i18n.server";

export function screeningNotice(
  settings: Pick<Settings, "name" | "screening_notice">,
  context: Readonly<RouterContextProvider>,
): string | null {
  if (!settings.screening_notice) return null;
  return getInstance(context).t("safety2.screeningNotice", { site: settings.name });
}
