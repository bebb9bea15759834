/**
 * The terms and privacy texts (docs/product.md §2), shared by their pages (/pages/terms, /pages/privacy)
 * and sign-up's step 0, which loads a page's data with useFetcher().load("/pages/terms") and
 * shows the same content in a <dialog>. Headings start at h2: the page (or dialog) gives the h1.
 */
import type { ReactNode } from "react";
import type { Settings } from "../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import {
  antiTraffickingSection,
  dmcaSection,
  recordKeepingSection,
  type EnglishOnlyValues,
  type LegalSection,
} from "~/content/en-only";

/** Tradename id 2 is the US operating company: its terms add the DMCA and 2257 sections. */
export const US_TRADENAME_ID = 2;

/** When the texts last changed (a calendar date, shown with Intl in the reader's language). */
export const TERMS_UPDATED = "2026-11-21";
export const PRIVACY_UPDATED = "2026-11-21";

type LegalSettings = Pick<
  Settings,
  | "name"
  | "company_name"
  | "company_address"
  | "company_city"
  | "company_country"
  | "company_kvk"
  | "company_vat_numbers"
  | "company_tradenames"
  | "support_email"
  | "support_phone"
  | "fictional_icon"
  | "fictional_plural"
>;

/** What both texts need: the site, the company behind it and how to reach it. */
export interface PrivacyData {
  site: string;
  company: string;
  address: string;
  city: string;
  country: string;
  email: string;
  phone: string;
}

export interface TermsData extends PrivacyData {
  kvk: string;
  vatNumbers: string[];
  fictionalIcon: string;
  fictionalPlural: string;
  /** The US operating company's name when the company has tradename 2, else null. */
  usCompany: string | null;
}

export function privacyData(settings: LegalSettings): PrivacyData {
  return {
    site: settings.name,
    company: settings.company_name,
    address: settings.company_address,
    city: settings.company_city,
    country: settings.company_country,
    email: settings.support_email,
    phone: settings.support_phone,
  };
}

export function termsData(settings: LegalSettings): TermsData {
  return {
    ...privacyData(settings),
    kvk: settings.company_kvk,
    vatNumbers: settings.company_vat_numbers,
    fictionalIcon: settings.fictional_icon,
    fictionalPlural: settings.fictional_plural,
    usCompany: settings.company_tradenames.find((tradename) => tradename.id === US_TRADENAME_ID)?.name ?? null,
  };
}

/** The English-only sections of the terms, in order: always the anti-trafficking one, then DMCA and 2257 for a US company. */
export function englishOnlySections(data: TermsData): LegalSection[] {
  const values: EnglishOnlyValues = {
    site: data.site,
    company: data.company,
    address: data.address,
    city: data.city,
    country: data.country,
    email: data.email,
  };
  const sections = [antiTraffickingSection(values)];
  if (data.usCompany !== null) sections.push(dmcaSection(values, data.usCompany), recordKeepingSection(values, data.usCompany));
  return sections;
}

export function TermsContent({ data }: { data: TermsData }) {
  const { t, locale } = useTranslation();
  const { site, company, fictionalPlural: plural, fictionalIcon: icon } = data;
  return (
    <div className="legal-text">
      <Updated date={TERMS_UPDATED} />
      <p>{t("pages.terms.intro", { site })}</p>
      <Section id="terms-who" heading={t("pages.terms.whoHeading")}>
        <p>{t("pages.terms.who", { site, company, address: data.address, city: data.city, country: data.country })}</p>
        {data.kvk || data.vatNumbers.length > 0 ? (
          <p>
            {data.kvk ? t("pages.terms.kvk", { kvk: data.kvk }) : null}
            {data.kvk && data.vatNumbers.length > 0 ? <br /> : null}
            {data.vatNumbers.length > 0 ? t("pages.terms.vat", { vat: data.vatNumbers.join(", ") }) : null}
          </p>
        ) : null}
      </Section>
      <Section id="terms-eligibility" heading={t("pages.terms.eligibilityHeading")}>
        <p>{t("pages.terms.eligibility1", { site })}</p>
        <p>{t("pages.terms.eligibility2")}</p>
      </Section>
      <Section id="terms-account" heading={t("pages.terms.accountHeading")}>
        <p>{t("pages.terms.account1")}</p>
        <p>{t("pages.terms.account2")}</p>
      </Section>
      <Section id="terms-fictional" heading={t("pages.terms.fictionalHeading")}>
        <p>{t("pages.terms.fictional1", { site, plural, icon })}</p>
        <p>{t("pages.terms.fictional2", { plural })}</p>
      </Section>
      <Section id="terms-credits" heading={t("pages.terms.creditsHeading")}>
        <p>{t("pages.terms.credits1")}</p>
        <p>{t("pages.terms.credits2")}</p>
      </Section>
      <Section id="terms-conduct" heading={t("pages.terms.conductHeading")}>
        <p>{t("pages.terms.conduct1")}</p>
        <p>{t("pages.terms.conduct2")}</p>
        <p>{t("pages.terms.conduct3", { site })}</p>
      </Section>
      <Section id="terms-moderation" heading={t("pages.terms.moderationHeading")}>
        <p>{t("pages.terms.moderation1")}</p>
        <p>{t("pages.terms.moderation2")}</p>
      </Section>
      <Section id="terms-liability" heading={t("pages.terms.liabilityHeading")}>
        <p>{t("pages.terms.liability1", { site })}</p>
        <p>{t("pages.terms.liability2")}</p>
      </Section>
      <Section id="terms-changes" heading={t("pages.terms.changesHeading")}>
        <p>{t("pages.terms.changes1", { site })}</p>
      </Section>
      <Section id="terms-law" heading={t("pages.terms.lawHeading")}>
        <p>{t("pages.terms.law1", { country: data.country })}</p>
      </Section>
      <Section id="terms-contact" heading={t("pages.terms.contactHeading")}>
        <p>{t("pages.terms.contact1", { company })}</p>
        <Contact data={data} />
      </Section>
      {locale === "en" ? null : <p className="legal-note">{t("pages.terms.englishOnly")}</p>}
      {englishOnlySections(data).map((section) => (
        <EnglishSection key={section.id} section={section} />
      ))}
    </div>
  );
}

export function PrivacyContent({ data }: { data: PrivacyData }) {
  const { t } = useTranslation();
  const { site, company } = data;
  return (
    <div className="legal-text">
      <Updated date={PRIVACY_UPDATED} />
      <p>{t("pages.privacy.intro", { site, company })}</p>
      <Section id="privacy-data" heading={t("pages.privacy.dataHeading")}>
        <p>{t("pages.privacy.data1")}</p>
        <p>{t("pages.privacy.data2")}</p>
        <p>{t("pages.privacy.data3")}</p>
      </Section>
      <Section id="privacy-why" heading={t("pages.privacy.whyHeading")}>
        <p>{t("pages.privacy.why1")}</p>
        <p>{t("pages.privacy.why2", { site })}</p>
      </Section>
      <Section id="privacy-retention" heading={t("pages.privacy.retentionHeading")}>
        <p>{t("pages.privacy.retention1")}</p>
        <p>{t("pages.privacy.retention2")}</p>
      </Section>
      <Section id="privacy-rights" heading={t("pages.privacy.rightsHeading")}>
        <p>{t("pages.privacy.rights1")}</p>
        <p>{t("pages.privacy.rights2")}</p>
      </Section>
      <Section id="privacy-cookies" heading={t("pages.privacy.cookiesHeading")}>
        <p>{t("pages.privacy.cookies1")}</p>
        <p>{t("pages.privacy.cookies3")}</p>
        <p>{t("pages.privacy.cookies2", { site })}</p>
        <p>
          <a href="/pages/cookies">{t("pages.privacy.cookiesLink")}</a>
        </p>
      </Section>
      <Section id="privacy-contact" heading={t("pages.privacy.contactHeading")}>
        <p>{t("pages.privacy.contact1", { company })}</p>
        <Contact data={data} />
      </Section>
    </div>
  );
}

function Section({ id, heading, lang, children }: { id: string; heading: string; lang?: string; children: ReactNode }) {
  return (
    <section id={id} lang={lang} className={lang ? "english-only" : undefined}>
      <h2>{heading}</h2>
      {children}
    </section>
  );
}

function EnglishSection({ section }: { section: LegalSection }) {
  const [first, ...rest] = section.paragraphs;
  return (
    <Section id={section.id} heading={section.heading} lang="en">
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
    </Section>
  );
}

/** The company's postal address, mail link and phone number. */
function Contact({ data }: { data: PrivacyData }) {
  const { t } = useTranslation();
  return (
    <address className="legal-contact">
      {data.company}
      <br />
      {data.address}, {data.city}, {data.country}
      <br />
      {t("pages.emailLabel")} <a href={`mailto:${data.email}`}>{data.email}</a>
      {data.phone ? (
        <>
          <br />
          {t("pages.phoneLabel")} <a href={`tel:${data.phone.replace(/[^\d+]/g, "")}`}>{data.phone}</a>
        </>
      ) : null}
    </address>
  );
}

/** "Last updated: 21 November 2026", in the reader's language; UTC so server and browser agree. */
function Updated({ date }: { date: string }) {
  const { t, locale } = useTranslation();
  const formatted = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  return (
    <p className="muted">
      <time dateTime={date}>{t("pages.updated", { date: formatted })}</time>
    </p>
  );
}
