import { Outlet } from "react-router";

/** The chat layout (spec §2): the conversation fills the screen; no footer. */
export default function ChatLayout() {
  return (
    <main id="main" className="chat-layout">
      <Outlet />
    </main>
  );
}
