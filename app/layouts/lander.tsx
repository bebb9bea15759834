import { Outlet } from "react-router";
import { RouteErrorPage } from "~/components/RouteErrorPage";

/** The lander layout (docs/product.md §2): landing pages ship no JavaScript, so this is markup only. */
export default function LanderLayout() {
  return (
    <main id="main" className="lander-layout">
      <Outlet />
    </main>
  );
}

/** A page's error (a 404, the API down) shows the error page in place of this layout; the root keeps running (toasts, the member's counters). */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
