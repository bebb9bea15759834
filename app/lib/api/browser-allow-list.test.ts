import { describe, expect, it } from "vitest";
import { browserApiNotFound, isBrowserApiCall } from "./browser-allow-list";

const allowed = (method: string, path: string) => isBrowserApiCall(method, new URL(path, "https://amora.example"));

describe("the browser's /api allow-list", () => {
  it("lets through what must be the API's own answer", () => {
    expect(allowed("GET", "/api/images/3f2a-photo.jpg")).toBe(true);
    expect(allowed("HEAD", "/api/images/3f2a-photo.webp")).toBe(true);
    expect(allowed("GET", "/api/xcams/snapshot.php?account=demo-1")).toBe(true);
    expect(allowed("GET", "/api/postbacks.php?status=failed")).toBe(true);
    expect(allowed("GET", "/api/xcams/redirect.php?account=demo-1")).toBe(true);
    expect(allowed("GET", "/api/resellpartner.php?flow=profile-search&redirect=1")).toBe(true);
    expect(allowed("GET", "/api/live.php")).toBe(true);
    expect(allowed("POST", "/api/page-hidden.php")).toBe(true);
    expect(allowed("GET", "/api/activate.php?token=abc.def")).toBe(true);
    expect(allowed("POST", "/api/dev/credits.php")).toBe(true);
  });

  it("refuses the JSON calls the app's resource routes now answer", () => {
    expect(allowed("GET", "/api/user.php")).toBe(false);
    expect(allowed("POST", "/api/postbacks.php")).toBe(false);
    expect(allowed("POST", "/api/user.php?push=1")).toBe(false);
    expect(allowed("GET", "/api/likes.php")).toBe(false);
    expect(allowed("GET", "/api/chats.php")).toBe(false);
    expect(allowed("GET", "/api/validate_email.php?email=a@example.com")).toBe(false);
    expect(allowed("GET", "/api/geocode.php?lat=52.37&lon=4.90")).toBe(false);
    // The activation state is polled through /resources/activation; only the mail's link passes.
    expect(allowed("GET", "/api/activate.php")).toBe(false);
  });

  it("refuses everything else, whatever the method or a path that only looks alike", () => {
    expect(allowed("GET", "/api/settings.php")).toBe(false);
    expect(allowed("POST", "/api/login.php")).toBe(false);
    expect(allowed("GET", "/api/dev/mailbox.php")).toBe(false);
    expect(allowed("DELETE", "/api/images/3f2a-photo.jpg")).toBe(false);
    expect(allowed("GET", "/api/page-hidden.php")).toBe(false);
    expect(allowed("POST", "/api/live.php")).toBe(false);
    expect(allowed("GET", "/api/images/../user.php")).toBe(false);
    expect(allowed("GET", "/api/images/photo.jpg/extra")).toBe(false);
    expect(allowed("GET", "/api/live.php/x")).toBe(false);
    expect(allowed("GET", "/api/xcams/search.php?gender=female")).toBe(false);
  });

  it("answers a refusal as the API's own not-found", async () => {
    const response = browserApiNotFound();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not_found", message: "No such API call." });
  });
});
