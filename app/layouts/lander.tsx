import { Outlet } from "react-router";

/** The lander layout (spec §2): landing pages ship no JavaScript, so this is markup only. */
export default function LanderLayout() {
  return (
    <main id="main" className="lander-layout">
      <Outlet />
    </main>
  );
}
