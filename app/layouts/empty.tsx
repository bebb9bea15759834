import { Outlet } from "react-router";
import { RouteErrorPage } from "~/components/RouteErrorPage";

/** The empty layout (docs/product.md §2): the page alone, no header or footer. */
export default function EmptyLayout() {
  return (
    <main id="main" className="empty-layout">
      <Outlet />
    </main>
  );
}

/** A page's error (a 404, the API down) shows the error page in place of this layout; the root keeps running (toasts, the member's counters). */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
