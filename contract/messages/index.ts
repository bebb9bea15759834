/** All interface languages. English is the source of truth; a test fails when another lacks a key. */
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import it from "./it.json";
import nl from "./nl.json";
import pl from "./pl.json";

export const messages = { en, nl, de, it, fr, es, pl };

/** The same messages in i18next's resource shape (one "translation" namespace per language). */
export const i18nextResources = Object.fromEntries(
  Object.entries(messages).map(([locale, tree]) => [locale, { translation: tree }]),
);
