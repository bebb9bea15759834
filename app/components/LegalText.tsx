/**
 * The terms and privacy texts (docs/product.md §2), shared by their pages (/pages/terms, /pages/privacy)
 * and sign-up's step 0, which loads a page's data with useFetcher().load("/pages/terms") and
 * shows the same content in a <dialog>. The texts are content (app/content/pages/<locale>.json,
 * "terms" and "privacy"; docs/decisions/027-info-pages-as-content.md): this component only
 * places the parts that depend on the company (its registration numbers, its address, the
 * English-only sections). Headings start at h2: the page (or dialog) gives the h1.
 */
import { Blocks, Sections, UpdatedOn } from "~/components/ContentText";
import { antiTraffickingSection, dmcaSection, recordKeepingSection, type LegalSection } from "~/content/en-only";
import type { ContentValues, PageContent } from "~/lib/content";
import { useTranslation } from "~/lib/i18n-react";

/** Tradename id 2 is the US operating company: its terms add the DMCA and 2257 sections. */
export const US_TRADENAME_ID = 2;

/** The US operating company's name when the company has tradename 2, else null. */
export function usCompanyOf(tradenames: readonly { id: number; name: string }[]): string | null {
  return tradenames.find((tradename) => tradename.id === US_TRADENAME_ID)?.name ?? null;
}

/** What a legal page's loader answers: its content with the site's values in, and those values. */
export interface LegalData {
  content: PageContent;
  values: ContentValues;
}

export interface TermsData extends LegalData {
  usCompany: string | null;
}

/** The English-only sections of the terms, in order: always the anti-trafficking one, then DMCA and 2257 for a US company. */
export function englishOnlySections(values: ContentValues, usCompany: string | null): LegalSection[] {
  const sections = [antiTraffickingSection(values)];
  if (usCompany !== null) sections.push(dmcaSection(values, usCompany), recordKeepingSection(values, usCompany));
  return sections;
}

export function TermsContent({ data }: { data: TermsData }) {
  const { locale } = useTranslation();
  const { content, values } = data;
  const strings = content.strings ?? {};
  return (
    <div className="legal-text">
      <UpdatedOn date={content.updated} />
      <Blocks blocks={content.intro} />
      <Sections sections={content.sections}>
        {(section) =>
          section.id === "terms-who" && (values.kvk || values.vat) ? (
            <p>
              {values.kvk ? strings.kvk : null}
              {values.kvk && values.vat ? <br /> : null}
              {values.vat ? strings.vat : null}
            </p>
          ) : section.id === "terms-contact" ? (
            <Contact values={values} />
          ) : null
        }
      </Sections>
      {locale === "en" ? null : <p className="legal-note">{strings.englishOnly}</p>}
      {englishOnlySections(values, data.usCompany).map((section) => (
        <EnglishSection key={section.id} section={section} />
      ))}
    </div>
  );
}

export function PrivacyContent({ data }: { data: LegalData }) {
  const { content, values } = data;
  return (
    <div className="legal-text">
      <UpdatedOn date={content.updated} />
      <Blocks blocks={content.intro} />
      <Sections sections={content.sections}>
        {(section) => (section.id === "privacy-contact" ? <Contact values={values} /> : null)}
      </Sections>
    </div>
  );
}

function EnglishSection({ section }: { section: LegalSection }) {
  const [first, ...rest] = section.paragraphs;
  return (
    <section id={section.id} lang="en" className="english-only">
      <h2>{section.heading}</h2>
      {first ? <p>{first}</p> : null}
      {section.items ? (
        <ul>
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {rest.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.contact ? (
        <p>
          {section.contact.label} <a href={`mailto:${section.contact.email}`}>{section.contact.email}</a>
        </p>
      ) : null}
    </section>
  );
}

/** The company's postal address, mail link and phone number. */
function Contact({ values }: { values: ContentValues }) {
  const { t } = useTranslation();
  return (
    <address className="legal-contact">
      {values.company}
      <br />
      {values.address}, {values.city}, {values.country}
      <br />
      {t("pages.emailLabel")} <a href={`mailto:${values.email}`}>{values.email}</a>
      {values.phone ? (
        <>
          <br />
          {t("pages.phoneLabel")} <a href={`tel:${values.phone.replace(/[^\d+]/g, "")}`}>{values.phone}</a>
        </>
      ) : null}
    </address>
  );
}
