/** All interface languages. English is the source of truth; a test fails when another lacks a key. */
import type { Resource } from "i18next";
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import it from "./it.json";
import nl from "./nl.json";
import pl from "./pl.json";

export const messages = { en, nl, de, it, fr, es, pl };

export default {
  en: { translation: en },
  nl: { translation: nl },
  de: { translation: de },
  it: { translation: it },
  fr: { translation: fr },
  es: { translation: es },
  pl: { translation: pl },
} satisfies Resource;
