import { Outlet } from "react-router";

/** The empty layout (spec §2): the page alone, no header or footer. */
export default function EmptyLayout() {
  return (
    <main id="main" className="empty-layout">
      <Outlet />
    </main>
  );
}
