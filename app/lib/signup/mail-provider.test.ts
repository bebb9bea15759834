import { describe, expect, it } from "vitest";
import { deviceOf, mailSearchUrl } from "./mail-provider";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe("mailSearchUrl", () => {
  it("has no button for providers other than the webmail (2)", () => {
    expect(mailSearchUrl(0, "Amora", "desktop")).toBeNull();
    expect(mailSearchUrl(1, "Amora", "mobile")).toBeNull();
  });
  it("searches for the site name, with a different URL per device", () => {
    const desktop = mailSearchUrl(2, "Amora", deviceOf(DESKTOP));
    const mobile = mailSearchUrl(2, "Amora", deviceOf(IPHONE));
    const android = mailSearchUrl(2, "Amora", deviceOf(ANDROID));
    expect(desktop).toBe("https://mail.google.com/mail/u/0/#search/%22Amora%22%20in%3Aanywhere");
    expect(mobile).toBe("https://mail.google.com/mail/mu/mp/#tl/search/%22Amora%22%20in%3Aanywhere");
    expect(android).toMatch(/^intent:\/\/.*package=com\.google\.android\.gm;/);
    expect(new Set([desktop, mobile, android]).size).toBe(3);
  });
});

describe("deviceOf", () => {
  it("tells Android, other phones and desktops apart", () => {
    expect(deviceOf(ANDROID)).toBe("android");
    expect(deviceOf(IPHONE)).toBe("mobile");
    expect(deviceOf(DESKTOP)).toBe("desktop");
  });
});
