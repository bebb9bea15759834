/**
 * The sign-up's push step (POST user.php?push=1): storing a subscription or a refusal, the endpoint's
 * and keys' checks, and moving an endpoint to another member (issue 25, ADR 041).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PushAnswerSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, ensureSites } from "./helpers";
import { signUp, memberRow, expectError } from "./signup-helpers";

beforeAll(ensureSites);

/** Numbers the test endpoints, so each subscription is a new one. */
let endpointCounter = 0;

describe("POST /api/user.php?push=1", () => {
  const subscription = (n = `${Date.now()}-${++endpointCounter}`) => ({
    endpoint: `https://push.example.com/send/${n}`,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  });
  const push = (cookie: string | undefined, json: unknown) => call("/api/user.php?push=1", { method: "POST", json, cookie });
  const me = async (cookie: string) => UserAnswerSchema.parse(await (await call("/api/user.php", { cookie })).json()).user;
  const rowsFor = async (endpoint: string) =>
    (
      await env.DB.prepare("SELECT member_id FROM push_subscriptions WHERE endpoint = ?")
        .bind(endpoint)
        .all<{ member_id: number }>()
    ).results;

  it("stores a subscription: the user's push becomes 'subscribed'", async () => {
    const { user, cookie } = await signUp();
    const sub = subscription();
    const response = await push(cookie, { subscription: sub });
    expect(response.status).toBe(200);
    expect(PushAnswerSchema.parse(await response.json())).toEqual({ push: "subscribed" });
    expect((await me(cookie)).push).toBe("subscribed");
    expect(await rowsFor(sub.endpoint)).toEqual([{ member_id: user.profile.id }]);
  });

  it("records a refusal: the user's push becomes 'denied'", async () => {
    const { user, cookie } = await signUp();
    const response = await push(cookie, { subscription: "denied" });
    expect(response.status).toBe(200);
    expect(PushAnswerSchema.parse(await response.json())).toEqual({ push: "denied" });
    expect((await me(cookie)).push).toBe("denied");
    expect((await memberRow(user.profile.id)).push_state).toBe("denied");
    // Subscribing later wins over the earlier refusal.
    expect((await push(cookie, { subscription: subscription() })).status).toBe(200);
    expect((await me(cookie)).push).toBe("subscribed");
  });

  it("refuses a non-https endpoint and malformed keys with 422, storing nothing", async () => {
    const { user, cookie } = await signUp();
    const sub = subscription();
    const http = { ...sub, endpoint: sub.endpoint.replace("https:", "http:") };
    await expectError(await push(cookie, { subscription: http }), 422, "invalid_input");
    await expectError(await push(cookie, { subscription: { ...sub, endpoint: "javascript:alert(1)" } }), 422, "invalid_input");
    await expectError(await push(cookie, { subscription: { ...sub, keys: { p256dh: "<x>", auth: "y" } } }), 422, "invalid_input");
    await expectError(await push(cookie, { subscription: "granted" }), 422, "invalid_input");
    await expectError(await push(cookie, {}), 422, "invalid_input", { subscription: expect.any(String) });
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = ?")
      .bind(user.profile.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect((await me(cookie)).push).toBeNull();
  });

  it("answers a visitor with 403", async () => {
    const sub = subscription();
    await expectError(await push(undefined, { subscription: sub }), 403, "not_logged_in");
    expect(await rowsFor(sub.endpoint)).toEqual([]);
  });

  it("moves an endpoint to another member only with new keys (one row; issue 25, ADR 041)", async () => {
    const first = await signUp();
    const second = await signUp();
    const sub = subscription();
    expect((await push(first.cookie, { subscription: sub })).status).toBe(200);
    // The same endpoint and keys from another member: refused, nothing moves, nothing says whose.
    await expectError(await push(second.cookie, { subscription: sub }), 422, "invalid_input", {
      "subscription.endpoint": "resubscribe",
    });
    expect(await rowsFor(sub.endpoint)).toEqual([{ member_id: first.user.profile.id }]);
    // A fresh subscription of that browser (new keys from the push service) moves it.
    const fresh = {
      ...sub,
      keys: {
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg",
      },
    };
    expect((await push(second.cookie, { subscription: fresh })).status).toBe(200);
    expect(await rowsFor(sub.endpoint)).toEqual([{ member_id: second.user.profile.id }]);
    expect((await me(second.cookie)).push).toBe("subscribed");
    expect((await me(first.cookie)).push).toBeNull();
  });
});
