/**
 * Hydrates with the language the server rendered (<html lang>), after fetching that
 * language's messages (<html data-messages>; the page's starter preloads them as it starts
 * this script, ADR 067, so this rarely waits).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "../contract/locales";
import { TranslationProvider } from "./lib/i18n-react";
import type { MessageTree } from "../contract/translator";

async function hydrate() {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  // The catalog the server chose for this page (members' or the staff console's; root.tsx).
  const response = await fetch(document.documentElement.dataset.messages ?? "");
  const messages = response.ok ? ((await response.json()) as Record<string, MessageTree>)[locale] : undefined;
  // Without its messages the page would hydrate into raw keys ("errors.heading"): it stays as
  // the server rendered it, translated, and works as it does without JavaScript.
  if (!messages) throw new Error(`no messages for ${locale}: ${response.status}`);
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider locale={locale} messages={messages}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

hydrate().catch((error: unknown) => console.error("hydration failed", error));
