import type { Cam } from "../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";

/** A live cam in the search grid (docs/product.md §2): opens the partner through the API's allow-listed redirect. */
export function CamTile({ cam }: { cam: Cam }) {
  const { t } = useTranslation();
  return (
    <article className="profile-card tile" aria-label={t("tiles.liveLabel", { name: cam.name })}>
      <a
        className="card-photo"
        href={`/api/xcams/redirect.php?account=${encodeURIComponent(cam.account)}`}
        rel="nofollow sponsored"
      >
        <img src={cam.snapshot} alt={t("tiles.watch", { name: cam.name })} width={240} height={240} loading="lazy" />
      </a>
      <div className="card-body">
        <p className="card-name">
          <span className="badge live">{t("tiles.live")}</span> {cam.name}
          {cam.age !== null ? <span className="card-age">, {cam.age}</span> : null}
        </p>
        <p className="muted">{t("tiles.ad")}</p>
      </div>
    </article>
  );
}

/** The resell partner's tile (docs/product.md §2 "ad tile"), with a cam's snapshot when there is one. */
export function AdTile({ cam }: { cam: Cam | null }) {
  const { t } = useTranslation();
  return (
    <article className="profile-card tile" aria-label={t("tiles.ad")}>
      {/* biome-ignore lint/a11y/useAnchorContent: a duplicate of the named link below, hidden from assistive technology and the tab order. */}
      <a
        className="card-photo"
        href="/api/resellpartner.php?flow=profile-search&redirect=1"
        rel="nofollow sponsored"
        tabIndex={-1}
        aria-hidden="true"
      >
        {cam ? <img src={cam.snapshot} alt="" width={240} height={240} loading="lazy" /> : <span className="card-no-photo" />}
      </a>
      <div className="card-body">
        <p className="card-name">
          <a href="/api/resellpartner.php?flow=profile-search&redirect=1" rel="nofollow sponsored">
            {t("tiles.adText")}
          </a>
        </p>
        <p className="muted">{t("tiles.ad")}</p>
      </div>
    </article>
  );
}
