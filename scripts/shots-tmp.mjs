import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [w, h] of [
  [390, 844],
  [1280, 800],
]) {
  const ctx = await browser.newContext({
    viewport: { width: w, height: h },
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36",
  });
  const page = await ctx.newPage();
  for (const path of process.argv.slice(2)) {
    await page.goto("http://localhost:8871" + path);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/work/notes/shots/v${path.replace(/\W+/g, "_").slice(0, 40)}-${w}.png` });
  }
  await ctx.close();
}
await browser.close();
