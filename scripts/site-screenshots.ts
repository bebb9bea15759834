/**
 * `npm run screenshots:sites` (issue 29 point 23; docs/decisions/061): each demo site's own search
 * page, as the browser's install dialog shows it, at a phone's width (390×844) and a desktop's
 * (1280×800), written to public/screenshots/<host>/search-{narrow,wide}.jpg; then the hosts are
 * listed in app/lib/site-screenshots.ts, so the manifest names them. A site without its own
 * (one made in the console since) keeps the generic ones. Run after a change of a demo site's
 * look, look at the pictures, and commit them. It serves the production build on its own state
 * (scripts/serve-e2e.sh; needs `npm run build` first), in Debian's Chromium.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright";
import { DEMO_SITES } from "../workers/api/seed/sites";

const PORT = Number(process.env.PORT ?? 8795);
const SIZES = [
  { name: "narrow", width: 390, height: 844 },
  { name: "wide", width: 1280, height: 800 },
] as const;
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36";
/** A partner's mark in the address, for sites whose search is open to visitors from a partner only. */
const PARTNER = "screenshots";

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`no server on port ${PORT}`);
}

/** The site's search as a visitor sees it, past the 18+ notice and the partner question. */
async function openSearch(page: Page, origin: string, partnerOnly: boolean) {
  await page.goto(`${origin}/members${partnerOnly ? `?network=${PARTNER}` : ""}`);
  const accept = page.locator(".entry-warning form button[type=submit]");
  if (await accept.count()) await Promise.all([page.waitForURL(/\/members/), accept.first().click()]);
  const refuse = page.locator('.consent-banner button[value="none"]');
  if (await refuse.count()) await Promise.all([page.waitForLoadState("load"), refuse.click()]);
  await page.locator(".profile-grid").waitFor();
  await page.evaluate(() => document.fonts.ready);
}

const server = spawn("bash", ["scripts/serve-e2e.sh", String(PORT)], { stdio: "ignore", detached: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const hosts: string[] = [];
try {
  await waitForServer();
  for (const { host, settings } of DEMO_SITES) {
    if (!settings.logged_out_search && !settings.logged_out_search_trafficsource) {
      console.log(`${host}: its search is for members only; it keeps the generic screenshots`);
      continue;
    }
    const dir = path.join("public", "screenshots", host);
    mkdirSync(dir, { recursive: true });
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        userAgent: CHROME_UA,
        locale: settings.domain_language,
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      await openSearch(page, `http://${host}:${PORT}`, !settings.logged_out_search);
      const file = path.join(dir, `search-${size.name}.jpg`);
      await page.screenshot({ path: file, type: "jpeg", quality: 70, animations: "disabled", caret: "hide" });
      console.log(`${file}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
      await context.close();
    }
    hosts.push(host);
  }
} finally {
  await browser.close();
  if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
}

const list = path.join("app", "lib", "site-screenshots.ts");
const text = readFileSync(list, "utf8").replace(
  /export const HOSTS_WITH_SCREENSHOTS: readonly string\[\] = \[[^\]]*\];/,
  `export const HOSTS_WITH_SCREENSHOTS: readonly string[] = ${JSON.stringify(hosts)};`,
);
writeFileSync(list, text);
console.log(`${list}: ${hosts.join(", ")}`);
