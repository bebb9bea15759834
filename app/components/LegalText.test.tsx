import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TranslationProvider } from "~/lib/i18n-react";
import { messages } from "../../contract/messages";
import { englishOnlySections, PrivacyContent, privacyData, TermsContent, termsData } from "./LegalText";

const settings = {
  name: "Amora",
  company_name: "Demo Dating B.V.",
  company_address: "Keizersgracht 1",
  company_city: "Amsterdam",
  company_country: "Netherlands",
  company_kvk: "12345678",
  company_vat_numbers: ["NL000099998B57"],
  company_tradenames: [{ id: 1, name: "Demo Dating" }],
  support_email: "support@amora.example",
  support_phone: "+31 20 000 0000",
  fictional_icon: "✦",
  fictional_plural: "entertainment profiles",
};
const usSettings = { ...settings, company_tradenames: [...settings.company_tradenames, { id: 2, name: "Demo Dating US LLC" }] };

/** English messages; the locale only changes how Intl formats (the other locales' texts come from the translator). */
function render(node: React.ReactNode, locale: "en" | "de" = "en") {
  return renderToStaticMarkup(
    <TranslationProvider locale={locale} messages={messages.en}>
      {node}
    </TranslationProvider>,
  );
}

const headings = (html: string) => [...html.matchAll(/<h(\d)[^>]*>(.*?)<\/h\1>/g)].map((m) => `h${m[1]} ${m[2]}`);

describe("terms data", () => {
  it("names the US company only when the company has tradename 2", () => {
    expect(termsData(settings).usCompany).toBeNull();
    expect(termsData(usSettings).usCompany).toBe("Demo Dating US LLC");
    expect(termsData({ ...settings, company_tradenames: [{ id: 3, name: "Other" }] }).usCompany).toBeNull();
  });

  it("always has the anti-trafficking section; DMCA and 2257 only for the US company", () => {
    expect(englishOnlySections(termsData(settings)).map((s) => s.id)).toEqual(["anti-trafficking"]);
    expect(englishOnlySections(termsData(usSettings)).map((s) => s.id)).toEqual(["anti-trafficking", "dmca", "records-2257"]);
  });

  it("carries only the values the texts need, and they survive JSON", () => {
    const data = termsData(usSettings);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(Object.keys(privacyData(settings)).sort()).toEqual([
      "address",
      "city",
      "company",
      "country",
      "email",
      "phone",
      "site",
    ]);
  });
});

describe("TermsContent", () => {
  it("renders every section under an h2, the English-only ones marked lang=en, with no placeholder left", () => {
    const html = render(<TermsContent data={termsData(usSettings)} />);
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
    expect(html).toContain("12345678");
    expect(html).toContain("NL000099998B57");
    expect(html).toContain("entertainment profiles");
    expect(html).toContain("law of Netherlands");
    expect(html).toContain('href="mailto:support@amora.example"');
    expect(html).toMatch(/<time datetime="2026-11-21">/i);
    expect(html).toContain("November 21, 2026");
    expect(html).not.toMatch(/\{\{|pages\./);
  });

  it("leaves DMCA and 2257 out without the US tradename", () => {
    const html = render(<TermsContent data={termsData(settings)} />);
    expect(html).toContain("Anti-trafficking and no minors");
    expect(html).not.toContain("DMCA");
    expect(html).not.toContain("2257");
  });

  it("dates the text in the reader's language and says why some sections are in English", () => {
    const html = render(<TermsContent data={termsData(settings)} />, "de");
    expect(html).toContain("21. November 2026");
    expect(html).toContain("available in English only");
    expect(render(<TermsContent data={termsData(settings)} />)).not.toContain("available in English only");
  });
});

describe("PrivacyContent", () => {
  it("renders its sections under h2s with no placeholder left", () => {
    const html = render(<PrivacyContent data={privacyData(settings)} />);
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
    expect(html).not.toMatch(/\{\{|pages\./);
  });
});
