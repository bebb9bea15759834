import { Outlet } from "react-router";
import { RouteErrorPage } from "~/components/RouteErrorPage";

/** The chat layout (docs/product.md §2): the conversation fills the screen; no footer. */
export default function ChatLayout() {
  return (
    <main id="main" className="chat-layout">
      <Outlet />
    </main>
  );
}

/** A page's error (a 404, the API down) shows the error page in place of this layout; the root keeps running (toasts, the member's counters). */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
