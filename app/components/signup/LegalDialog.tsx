/**
 * The terms and privacy links of sign-up step 0. Without JavaScript they open the page in a new
 * tab (so nothing typed is lost); with it, the page's text loads into a modal dialog.
 */
import { lazy, Suspense, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { loader as privacyLoader } from "~/routes/pages.privacy";
import type { loader as termsLoader } from "~/routes/pages.terms";
import { Busy } from "./SignupChrome";

// The texts load with the dialog's first opening, not with the sign-up page.
const TermsContent = lazy(() => import("~/components/LegalText").then((m) => ({ default: m.TermsContent })));
const PrivacyContent = lazy(() => import("~/components/LegalText").then((m) => ({ default: m.PrivacyContent })));

export function LegalLink({ page, children }: { page: "terms" | "privacy"; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const terms = useFetcher<typeof termsLoader>();
  const privacy = useFetcher<typeof privacyLoader>();
  const href = `/pages/${page}`;
  const heading = page === "terms" ? t("pages.terms.heading") : t("pages.privacy.heading");

  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          event.preventDefault();
          const fetcher = page === "terms" ? terms : privacy;
          if (!fetcher.data && fetcher.state === "idle") void fetcher.load(href);
          dialog.current?.showModal();
        }}
      >
        {children}
      </a>
      <dialog ref={dialog} className="legal-dialog" aria-label={heading}>
        <div className="legal-dialog-bar">
          <h2>{heading}</h2>
          <button type="button" className="button secondary small" onClick={() => dialog.current?.close()}>
            {t("signup.close")}
          </button>
        </div>
        <Suspense fallback={<Busy label={t("signup.loading")} />}>
          {page === "terms" && terms.data ? <TermsContent data={terms.data} /> : null}
          {page === "privacy" && privacy.data ? <PrivacyContent data={privacy.data} /> : null}
        </Suspense>
        {!(page === "terms" ? terms.data : privacy.data) && <Busy label={t("signup.loading")} />}
      </dialog>
    </>
  );
}
