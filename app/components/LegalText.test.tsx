import * as v from "valibot";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ContentFileSchema, fillPage, type ContentValues } from "~/lib/content";
import { TranslationProvider } from "~/lib/i18n-react";
import { messages } from "../../contract/messages";
import { englishOnlySections, PrivacyContent, TermsContent, usCompanyOf } from "./LegalText";

const values: ContentValues = {
  site: "Amora",
  company: "Demo Dating B.V.",
  address: "Keizersgracht 1",
  city: "Amsterdam",
  country: "Netherlands",
  email: "support@amora.example",
  phone: "+31 20 000 0000",
  plural: "entertainment profiles",
  icon: "✦",
  kvk: "12345678",
  vat: "NL000099998B57",
};
const tradenames = [{ id: 1, name: "Demo Dating" }];
const usTradenames = [...tradenames, { id: 2, name: "Demo Dating US LLC" }];

const files = import.meta.glob<{ default: unknown }>("../content/pages/*.json", { eager: true });
const file = (locale: string) => v.parse(ContentFileSchema, files[`../content/pages/${locale}.json`]?.default);
const terms = (locale = "en", own = values) => fillPage(file(locale).terms, own);
const privacy = (locale = "en") => fillPage(file(locale).privacy, values);

/** English messages for the labels; the texts come from the locale's content file; the locale changes how Intl formats. */
function render(node: React.ReactNode, locale: "en" | "de" = "en") {
  return renderToStaticMarkup(
    <MemoryRouter>
      <TranslationProvider locale={locale} messages={messages.en}>
        {node}
      </TranslationProvider>
    </MemoryRouter>,
  );
}

const headings = (html: string) => [...html.matchAll(/<h(\d)[^>]*>(.*?)<\/h\1>/g)].map((m) => `h${m[1]} ${m[2]}`);

describe("the terms' company parts", () => {
  it("names the US company only when the company has tradename 2", () => {
    expect(usCompanyOf(tradenames)).toBeNull();
    expect(usCompanyOf(usTradenames)).toBe("Demo Dating US LLC");
    expect(usCompanyOf([{ id: 3, name: "Other" }])).toBeNull();
  });

  it("always has the anti-trafficking section; DMCA and 2257 only for the US company", () => {
    expect(englishOnlySections(values, null).map((s) => s.id)).toEqual(["anti-trafficking"]);
    expect(englishOnlySections(values, "Demo Dating US LLC").map((s) => s.id)).toEqual([
      "anti-trafficking",
      "dmca",
      "records-2257",
    ]);
  });
});

describe("TermsContent", () => {
  it("renders every section under an h2, the English-only ones marked lang=en, with no placeholder left", () => {
    const html = render(<TermsContent data={{ content: terms(), values, usCompany: usCompanyOf(usTradenames) }} />);
    const found = headings(html);
    expect(found.every((h) => h.startsWith("h2 "))).toBe(true);
    expect(found.slice(-3)).toEqual([
      "h2 Anti-trafficking and no minors",
      "h2 Copyright infringement (DMCA)",
      "h2 18 U.S.C. 2257 record-keeping requirements compliance statement",
    ]);
    expect(html).toContain('<section id="anti-trafficking" lang="en"');
    expect(html).toContain('<section id="dmca" lang="en"');
    expect(html).toContain('<section id="records-2257" lang="en"');
    expect(html).toContain("Demo Dating B.V., Keizersgracht 1, Amsterdam, Netherlands");
    expect(html).toContain("Chamber of Commerce (KvK) number: 12345678");
    expect(html).toContain("VAT number: NL000099998B57");
    expect(html).toContain("entertainment profiles");
    expect(html).toContain("law of Netherlands");
    expect(html).toContain('href="mailto:support@amora.example"');
    expect(html).toMatch(/<time datetime="2026-11-21">/i);
    expect(html).toContain("November 21, 2026");
    expect(html).not.toMatch(/\{\{|pages\./);
  });

  it("leaves DMCA and 2257 out without the US tradename, and the numbers out when the company has none", () => {
    const none = { ...values, kvk: "", vat: "" };
    const html = render(<TermsContent data={{ content: terms("en", none), values: none, usCompany: null }} />);
    expect(html).toContain("Anti-trafficking and no minors");
    expect(html).not.toContain("DMCA");
    expect(html).not.toContain("2257");
    expect(html).not.toContain("Chamber of Commerce");
  });

  it("shows the reader's language, dates it so, and says why some sections are in English", () => {
    const html = render(<TermsContent data={{ content: terms("de"), values, usCompany: null }} />, "de");
    expect(html).toContain("21. November 2026");
    expect(html).toContain("Handelsregisternummer");
    expect(html).toContain(file("de").terms.strings?.englishOnly);
    const english = render(<TermsContent data={{ content: terms(), values, usCompany: null }} />);
    expect(english).not.toContain("available in English only");
  });
});

describe("PrivacyContent", () => {
  it("renders its sections under h2s with no placeholder left", () => {
    const html = render(<PrivacyContent data={{ content: privacy(), values }} />);
    expect(headings(html)).toEqual([
      "h2 What we keep",
      "h2 Why we use it",
      "h2 How long we keep it",
      "h2 Your rights",
      "h2 Cookies",
      "h2 Contact",
    ]);
    expect(html).toContain("EXIF");
    expect(html).toContain("30 days");
    expect(html).toContain('href="mailto:support@amora.example"');
    expect(html).toContain('href="/pages/cookies"');
    expect(html).not.toMatch(/\{\{|pages\./);
  });
});
