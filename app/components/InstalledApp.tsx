import { useInstalledApp } from "~/lib/client/installed-app-hook";
import { UpdateToast } from "./UpdateToast";

/**
 * The installed app's part of every page (docs/product.md §1.8): the install prompt kept for
 * the offer, the service worker, "New version". Loaded by the root after hydration, so none of
 * it weighs on a page's first load.
 */
export default function InstalledApp({ member }: { member: boolean }) {
  useInstalledApp(member);
  return <UpdateToast />;
}
