/**
 * The pieces every lander is made of (docs/decisions/022): the brand line, a member photo, the
 * fictional-profiles note, and sign-up step 0 as plain HTML posting to /signup (the same form
 * component as /signup itself). Landers ship no JavaScript: everything here is markup.
 */
import { Link } from "react-router";
import { EmbeddedEntryWarning } from "~/components/EntryWarning";
import { AccountStep } from "~/components/signup/AccountStep";
import type { StepActionData } from "~/components/signup/SignupChrome";
import { useTranslation } from "~/lib/i18n-react";
import type { FieldConstraint } from "~/lib/forms/use-form";
import { useSite } from "~/lib/root-data";

export interface PhotoData {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  src: string;
  fictional: boolean;
}

export interface FormData {
  csrf: string;
  constraint: Record<string, FieldConstraint> | undefined;
  referrer: string;
  /** The site's niche when the site-entry warning is embedded in the form (docs/product.md §2.5). */
  entryWarning?: number | null;
}

export function Brand({ name }: { name: string }) {
  return (
    <header className="lander-brand">
      <span className="brand-mark" aria-hidden="true" />
      {name}
    </header>
  );
}

/** Head tags: title, description, canonical and the other languages' addresses. */
export function LanderHead({
  title,
  description,
  canonical,
  alternates,
}: {
  title: string;
  description: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
}) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {alternates.map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
      ))}
    </>
  );
}

/** A member's photo; eager ones are the first view's, the rest wait until scrolled to. */
export function Photo({
  photo,
  eager = false,
  width = 240,
  height = 320,
  alt = "",
  className,
}: {
  photo: PhotoData;
  eager?: boolean;
  width?: number;
  height?: number;
  alt?: string;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={photo.src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

/** The fictional-profile mark on a photo (as on every other page). */
export function FictionalMark({ photo }: { photo: PhotoData }) {
  const site = useSite();
  return photo.fictional ? <span className="mosaic-mark">{site?.fictionalIcon}</span> : null;
}

/** "Name, age", or the name alone. */
export function useNameAge() {
  const { t } = useTranslation();
  return (p: Pick<PhotoData, "name" | "age">) => (p.age === null ? p.name : t("landers.nameAge", { name: p.name, age: p.age }));
}

/** Said once under the photos when any of them is a fictional profile. */
export function FictionalNote({ photos }: { photos: PhotoData[] }) {
  const { t } = useTranslation();
  const site = useSite();
  if (!photos.some((p) => p.fictional)) return null;
  return (
    <p className="muted">{t("search.fictionalNote", { icon: site?.fictionalIcon ?? "", plural: site?.fictionalPlural ?? "" })}</p>
  );
}

/** The call to the form further down (a link: the page runs no script). */
export function JoinLink({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <a className="button large" href="#join">
      {label ?? t("landers.cta")}
    </a>
  );
}

/**
 * Sign-up step 0, posting to the lander itself (its action is /signup's): a good post goes on in
 * /signup, a mistake comes back here beside the fields with what was typed (the password aside).
 */
export function LanderForm({ form, heading, actionData }: { form: FormData; heading?: string; actionData?: StepActionData }) {
  const { t } = useTranslation();
  return (
    <section id="join" className="lander-form card-surface" aria-labelledby="join-heading">
      <h2 id="join-heading">{heading ?? t("landers.formHeading")}</h2>
      <AccountStep
        view={form}
        actionData={actionData}
        heading={null}
        beforeTerms={form.entryWarning ? <EmbeddedEntryWarning niche={form.entryWarning} /> : null}
      />
      <p>
        {t("signup.account.haveAccount")} <Link to="/login">{t("signup.account.loginLink")}</Link>
      </p>
    </section>
  );
}
