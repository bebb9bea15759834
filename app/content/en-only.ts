/**
 * Legal texts that exist in English only (docs/product.md §2): the terms' anti-trafficking and no-minors
 * section, and, for a company with the US operating tradename, the DMCA and 18 U.S.C. 2257
 * sections. They are US-law texts and our safety pledge, binding as written, so they are not
 * translated and the page marks them lang="en". They live apart from the seven locale files,
 * which must each hold every key English has.
 */
import type { ContentValues } from "~/lib/content";

export interface LegalSection {
  /** The section's id (an anchor: /pages/terms#dmca). */
  id: string;
  heading: string;
  paragraphs: string[];
  /** A list shown after the first paragraph. */
  items?: string[];
  /** A closing line with a mail link. */
  contact?: { label: string; email: string };
}

/** The site's values these texts name (app/lib/content.ts). */
export type EnglishOnlyValues = Pick<ContentValues, "site" | "company" | "address" | "city" | "country" | "email">;

export function antiTraffickingSection({ site, email }: EnglishOnlyValues): LegalSection {
  return {
    id: "anti-trafficking",
    heading: "Anti-trafficking and no minors",
    paragraphs: [
      `${site} is for adults only. Nobody under 18 may have an account, appear in a photo or take part in a conversation. We close every account we believe belongs to a minor, remove its content and report it to the police or a child-protection hotline where the law requires or allows it.`,
      `We have zero tolerance for human trafficking, sexual exploitation and prostitution. Do not offer, ask for or arrange paid sex, and never use ${site} to recruit, move or control another person. We close such accounts at once and report them to the authorities.`,
      "If you see anything that points to a minor, trafficking or exploitation, tell us straight away. If someone is in danger, call the police first.",
    ],
    contact: { label: "Report it to:", email },
  };
}

export function dmcaSection(
  { site, company, address, city, country, email }: EnglishOnlyValues,
  usCompany: string,
): LegalSection {
  return {
    id: "dmca",
    heading: "Copyright infringement (DMCA)",
    paragraphs: [
      `${usCompany} respects copyright and responds to notices under the Digital Millennium Copyright Act (17 U.S.C. 512). If you believe that material on ${site} infringes your copyright, send our designated agent a written notice that contains:`,
      `Our designated agent is ${usCompany}, c/o ${company}, ${address}, ${city}, ${country}. We remove or disable the material and tell the member who posted it. A member who believes it was removed by mistake may send a counter-notice with the details 17 U.S.C. 512(g) requires.`,
      "We close the accounts of members who infringe copyright repeatedly. A notice that knowingly misrepresents infringement can make you liable for damages.",
    ],
    items: [
      "your physical or electronic signature, as the copyright owner or a person authorized to act for the owner;",
      "a description of the copyrighted work you claim is infringed;",
      "the address (URL) of the material on the site, so that we can find it;",
      "your name, postal address, telephone number and email address;",
      "a statement that you believe in good faith that the use is not authorized by the copyright owner, its agent or the law;",
      "a statement, under penalty of perjury, that the information in your notice is accurate and that you are the owner or authorized to act for the owner.",
    ],
    contact: { label: "Send notices by email to:", email },
  };
}

export function recordKeepingSection(
  { site, company, address, city, country, email }: EnglishOnlyValues,
  usCompany: string,
): LegalSection {
  return {
    id: "records-2257",
    heading: "18 U.S.C. 2257 record-keeping requirements compliance statement",
    paragraphs: [
      `Every person depicted in any photo or other visual content on ${site} was 18 years of age or older when the content was created.`,
      `${usCompany} is not the producer of the photos that members upload. Every member confirms, when signing up and when uploading, that they are 18 or older and that everyone shown in their photos was 18 or older when the photo was taken.`,
      `Where records are required by 18 U.S.C. 2257 and 28 C.F.R. Part 75, they are kept by the custodian of records: ${usCompany}, c/o ${company}, ${address}, ${city}, ${country}.`,
    ],
    contact: { label: "Custodian of records:", email },
  };
}
