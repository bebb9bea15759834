/**
 * The terms and privacy links of sign-up step 0. Without JavaScript they open the page in a new
 * tab (so nothing typed is lost); with it, the page's text loads into a modal dialog, whose code
 * (LegalDialogBody.tsx) loads with the first click.
 */
import { lazy, Suspense, useState, type ReactNode } from "react";

const LegalDialogBody = lazy(() => import("./LegalDialogBody"));

export function LegalLink({ page, children }: { page: "terms" | "privacy"; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={`/pages/${page}`}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <LegalDialogBody page={page} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
