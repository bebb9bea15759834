/**
 * The look's live preview (issue 28 point 1; ADR 047): the welcome page's top and a profile card
 * at phone width, in the colours, corners and fonts the form holds. With JavaScript it follows
 * every keystroke; without, the form's "Preview" button shows what was typed without saving. The
 * values become CSS only when they are what the theme accepts (#rrggbb, a whole radius, a named
 * font), so nothing typed can reach the style sheet as code; the contrast with white text is
 * shown as the save will check it.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { useLook } from "~/lib/root-data";
import type { FormValues } from "~/lib/site-settings/codec";
import { contrastRatio, DEFAULT_THEME, FONT_STACKS, type FontName } from "../../../contract/rules/theme-look";

const HEX = /^#[0-9a-fA-F]{6}$/;
const MIN_CONTRAST = 4.5;

function previewCss(values: FormValues): string {
  const colour = (name: string, fallback: string) => {
    const value = (values[name] ?? "").trim();
    return HEX.test(value) ? value : fallback;
  };
  const radius = Number(values["theme.radius"]);
  const font = (name: string) => {
    const value = values[name] ?? "";
    return value in FONT_STACKS ? FONT_STACKS[value as FontName] : FONT_STACKS.system;
  };
  return (
    `.site-preview{--p-brand:${colour("theme.brand", DEFAULT_THEME.brand)};--p-accent:${colour("theme.accent", DEFAULT_THEME.accent)};` +
    `--p-surface:${colour("theme.surface", DEFAULT_THEME.surface)};--p-radius:${Number.isInteger(radius) && radius >= 0 && radius <= 28 ? radius : 16}px;` +
    `--p-heading:${font("theme.heading_font")};--p-body:${font("theme.body_font")}}`
  );
}

function Contrast({ label, colour }: { label: string; colour: string | undefined }) {
  const { t } = useTranslation();
  if (!colour || !HEX.test(colour.trim())) return null;
  const ratio = contrastRatio(colour.trim(), "#ffffff");
  const ok = ratio >= MIN_CONTRAST;
  return (
    <li className={ok ? "site-contrast-ok" : "site-contrast-low"}>
      {t(ok ? "staffSites.contrastOk" : "staffSites.contrastLow", { label, ratio: ratio.toFixed(1) })}
    </li>
  );
}

export function SiteLookPreview({ name, values }: { name: string; values: FormValues }) {
  const { t } = useTranslation();
  const nonce = useLook()?.nonce;
  const [live, setLive] = useState(values);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => setLive(values), [values]);
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    const follow = () => setLive(Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])));
    form.addEventListener("input", follow);
    return () => form.removeEventListener("input", follow);
  }, []);
  return (
    <div className="site-preview-wrap" ref={box}>
      <style nonce={nonce} suppressHydrationWarning>
        {previewCss(live)}
      </style>
      <p className="site-preview-label">{t("staffSites.previewHeading")}</p>
      <div className="site-preview" aria-label={t("staffSites.previewHeading")} role="img">
        <div className="site-preview-bar">{name}</div>
        <div className="site-preview-hero">
          <strong>{t("staffSites.previewHeadline")}</strong>
          <span className="site-preview-button">{t("staffSites.previewButton")}</span>
        </div>
        <div className="site-preview-card">
          <div className="site-preview-photo" />
          <div className="site-preview-caption">
            <strong>Anna, 29</strong>
            <span>Utrecht</span>
          </div>
        </div>
      </div>
      <ul className="site-contrast" aria-live="polite">
        <Contrast label={t("staffSites.field.theme_brand")} colour={live["theme.brand"]} />
        <Contrast label={t("staffSites.field.theme_accent")} colour={live["theme.accent"]} />
      </ul>
      <button type="submit" name="preview" value="1" className="staff-button secondary" formNoValidate>
        {t("staffSites.preview")}
      </button>
    </div>
  );
}
