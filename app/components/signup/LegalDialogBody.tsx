/**
 * The dialog of a sign-up legal link (LegalDialog.tsx), loaded with the first click on one: the
 * sign-up page itself does not carry it (its first load is near the 130 KB budget).
 */
import { lazy, Suspense, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { loader as privacyLoader } from "~/routes/pages.privacy";
import type { loader as termsLoader } from "~/routes/pages.terms";
import { Busy } from "./SignupChrome";

const TermsContent = lazy(() => import("~/components/LegalText").then((m) => ({ default: m.TermsContent })));
const PrivacyContent = lazy(() => import("~/components/LegalText").then((m) => ({ default: m.PrivacyContent })));

export default function LegalDialogBody({ page, onClose }: { page: "terms" | "privacy"; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  // Keyed, so the text fetched once stays for the next opening.
  const terms = useFetcher<typeof termsLoader>({ key: "legal-terms" });
  const privacy = useFetcher<typeof privacyLoader>({ key: "legal-privacy" });
  const fetcher = page === "terms" ? terms : privacy;
  const heading = page === "terms" ? t("pages.terms.heading") : t("pages.privacy.heading");

  const started = fetcher.data !== undefined || fetcher.state !== "idle";
  const { load } = fetcher;
  useEffect(() => {
    if (!started) void load(`/pages/${page}`);
  }, [started, load, page]);
  useEffect(() => dialog.current?.showModal(), []);

  return (
    <dialog ref={dialog} className="legal-dialog" aria-label={heading} onClose={onClose}>
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
      {!fetcher.data && <Busy label={t("signup.loading")} />}
    </dialog>
  );
}
