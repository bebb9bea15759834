/**
 * Conversion postbacks (docs/decisions/025-conversion-postbacks.md): made once per member and
 * event, sent through the real POSTBACK_QUEUE (miniflare hands it to the worker's queue()
 * about a second later) to the fake network on 127.0.0.1 (tests/fakes/postback-receiver.ts);
 * failures retried with backoff, then logged as failed.
 * The tests' worker has POSTBACK_ALLOW_PRIVATE = "1", retries at once and times out at 400 ms
 * (vitest.api.config.ts).
 */
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { CsrfAnswerSchema, EmailCheckSchema, OrderAnswerSchema } from "../../contract/schemas";
import { deliverPostback, MAX_ATTEMPTS, triggerPostback } from "../../workers/api/domain/postbacks";
import type { ApiContext } from "../../workers/api/context";
import { createDb, runBatch } from "../../workers/api/db/client";
import { eraseMemberQueries } from "../../workers/api/db/erase";
import { requestScope } from "../../workers/api/lib/request-scope";
import { activationToken } from "../../workers/api/mail/activation";
import { call, createMember, ensureSites, loginAs, settleAtDemoCheckout } from "./helpers";
import { SITE_ID, HOST, RECEIVER, newKey, setNetworks, template, memberFrom, rows, settled } from "./postbacks-helpers";

async function hits(key: string): Promise<{ url: string }[]> {
  return (await fetch(`${RECEIVER}/_hits/${key}`)).json();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await ensureSites();
  await setNetworks({});
});

/** The demo checkout's "paid" for an order on the test site (helpers' settleAtDemoCheckout is for the default host). */
async function settleAtDemoCheckoutOn(orderId: string): Promise<string> {
  return settleAtDemoCheckout(orderId, "paid");
}

describe("sending: once per member and event, through the queue", { timeout: 20_000 }, () => {
  it("sign-up (soi) sends the network's template once, with the tracking values URL-encoded", async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("ok", key) } });
    const ip = `10.61.0.${(Date.now() % 200) + 1}`;
    const csrf = CsrfAnswerSchema.parse(
      await (await call("/api/csrf.php", { host: HOST, headers: { "x-client-ip": ip } })).json(),
    ).csrf;
    const email = `pb${Date.now()}@example.com`;
    const check = EmailCheckSchema.parse(
      await (await call(`/api/validate_email.php?email=${email}`, { host: HOST, headers: { "x-client-ip": ip } })).json(),
    );
    const trafficsource = { network: "adnet", ref: "click 1&x=<b>", sub1: "a/b?c", sub2: "ü", sub3: "s3" };
    const response = await call("/api/user.php?new=1", {
      method: "POST",
      host: HOST,
      headers: { "x-client-ip": ip },
      json: { email, name: "Kim", password: "secret password", csrf, token: check.token, language: "en", trafficsource },
    });
    expect(response.status).toBe(201);
    const member = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: number }>();
    const row = await settled(member!.id, "soi");
    expect(row).toMatchObject({ status: "sent", attempts: 1, last_status: 200, last_error: null });
    const received = await hits(key);
    expect(received).toHaveLength(1);
    const url = new URL(received[0]!.url, RECEIVER);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cid: "click 1&x=<b>",
      s1: "a/b?c",
      s2: "ü",
      s3: "s3",
      s4: "",
      ev: "soi",
      amt: "",
      cur: "",
      net: "adnet",
    });
    expect(received[0]!.url).toContain("cid=click%201%26x%3D%3Cb%3E");
  });

  it("twenty concurrent triggers of one event make one row and one request", async () => {
    const key = newKey();
    await setNetworks({ adnet: { doi: template("ok", key) } });
    const member = await memberFrom({ network: "adnet", ref: "c-1" });
    const ids = await Promise.all(Array.from({ length: 20 }, () => triggerPostback(env, member.id, "doi")));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await settled(member.id, "doi")).toMatchObject({ status: "sent", attempts: 1 });
    // Later triggers (a second activation link, a password reset) make nothing either.
    expect(await triggerPostback(env, member.id, "doi")).toBeNull();
    await sleep(2500);
    expect(await hits(key)).toHaveLength(1);
    expect(await rows(member.id)).toHaveLength(1);
  });

  it("the same queue message delivered twice sends once", async () => {
    const key = newKey();
    await setNetworks({ adnet: { doi: template("ok", key) } });
    const member = await memberFrom({ network: "adnet" });
    // Made with the queue producer out of the way, then delivered by hand, twice at once.
    const quiet = { ...env, POSTBACK_QUEUE: { send: async () => undefined } as unknown as Queue };
    const id = await triggerPostback(quiet, member.id, "doi");
    expect(id).not.toBeNull();
    const results = await Promise.all([deliverPostback(env, id!), deliverPostback(env, id!)]);
    expect(results.map((r) => r.result).sort()).toEqual(["sent", "skipped"]);
    expect(await hits(key)).toHaveLength(1);
  });

  it("the activation link opened three times at once sends the doi postback once", async () => {
    const key = newKey();
    await setNetworks({ adnet: { doi: template("ok", key) } });
    const member = await memberFrom({ network: "adnet", ref: "doi-click" });
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed', activated_at = NULL WHERE id = ?").bind(member.id).run();
    // The link's token, made as the activation mail makes it.
    const tokenApp = new Hono<ApiContext>().use(requestScope).get("/token", async (c) => {
      return c.text(await activationToken(c, { id: member.id, email: member.email }, Date.now()));
    });
    const token = await (await tokenApp.request("http://localhost/token", { headers: { "x-original-host": HOST } }, env)).text();
    const opened = await Promise.all(
      Array.from({ length: 3 }, () => call(`/api/activate.php?token=${encodeURIComponent(token)}`, { host: HOST })),
    );
    expect(opened.map((r) => r.headers.get("location"))).toEqual(["/activate/done", "/activate/done", "/activate/done"]);
    const row = await settled(member.id, "doi");
    expect(row.status).toBe("sent");
    expect(new URL((await hits(key))[0]!.url, RECEIVER).searchParams.get("ev")).toBe("doi");
    await sleep(1500);
    expect(await hits(key)).toHaveLength(1);
  });

  it("the first sale sends amount and currency, once, however many webhooks race", async () => {
    const key = newKey();
    await setNetworks({ adnet: { sale: template("ok", key) } });
    const member = await memberFrom({ network: "adnet", ref: "buyer-1" });
    // Past the welcome offer's 48 hours, so the package costs its list price (docs/product.md §10.5).
    await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
      .bind(Date.now() - 49 * 60 * 60 * 1000, member.id)
      .run();
    const cookie = await loginAs(member, HOST);
    const orderBody = (n: number) => ({
      product: "credits",
      product_id: "250",
      method: "ideal",
      country: "NL",
      key: `pb-order-${Date.now()}-${n}-abcdef`,
      expected_cents: 1999,
      expected_currency: "EUR",
      return_to: "/chats",
    });
    const placed = await call("/api/orders.php", { method: "POST", host: HOST, cookie, json: orderBody(1) });
    expect(placed.status).toBe(201);
    const { order } = OrderAnswerSchema.parse(await placed.json());
    const paymentId = await settleAtDemoCheckoutOn(order.id);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        call("/api/payment_webhook.php", {
          method: "POST",
          host: HOST,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `id=${paymentId}`,
        }),
      ),
    );
    const row = await settled(member.id, "sale");
    expect(row.status).toBe("sent");
    const url = new URL((await hits(key))[0]!.url, RECEIVER);
    expect(url.searchParams.get("amt")).toBe("19.99");
    expect(url.searchParams.get("cur")).toBe("EUR");
    expect(url.searchParams.get("cid")).toBe("buyer-1");

    // A second purchase is not a first sale.
    const again = await call("/api/orders.php", { method: "POST", host: HOST, cookie, json: orderBody(2) });
    const second = OrderAnswerSchema.parse(await again.json()).order;
    await settleAtDemoCheckoutOn(second.id);
    await sleep(2000);
    expect(await hits(key)).toHaveLength(1);
    expect((await rows(member.id)).filter((r) => r.event === "sale")).toHaveLength(1);
  });

  it("nothing is made for a member without a network, for a network without the event, or an unknown network", async () => {
    await setNetworks({ adnet: { soi: template("ok", newKey()) } });
    const none = await memberFrom({});
    const other = await memberFrom({ network: "othernet" });
    const adnet = await memberFrom({ network: "adnet" });
    expect(await triggerPostback(env, none.id, "soi")).toBeNull();
    expect(await triggerPostback(env, other.id, "soi")).toBeNull();
    expect(await triggerPostback(env, adnet.id, "doi")).toBeNull();
    expect(await triggerPostback(env, 987654321, "soi")).toBeNull();
  });

  it("a deleted account's log keeps the conversion but not the address called, and triggers nothing more", async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("ok", key), doi: template("ok", key) } });
    const member = await memberFrom({ network: "adnet", ref: "private-click" });
    await triggerPostback(env, member.id, "soi");
    await settled(member.id, "soi");
    await runBatch(env.DB, eraseMemberQueries(createDb(env.DB), { id: member.id, site_id: SITE_ID, email: member.email }));
    const [row] = await rows(member.id);
    expect(row).toMatchObject({ event: "soi", status: "sent", url: "" });
    expect(await triggerPostback(env, member.id, "doi")).toBeNull();
  });

  it("tracking values over 255 characters are cut; a broken stored value is treated as none", async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("ok", key) } });
    const member = await memberFrom({ network: "adnet", ref: "r".repeat(300), sub1: "é".repeat(400) });
    await triggerPostback(env, member.id, "soi");
    await settled(member.id, "soi");
    const url = new URL((await hits(key))[0]!.url, RECEIVER);
    expect(url.searchParams.get("cid")).toBe("r".repeat(255));
    expect(url.searchParams.get("s1")).toBe("é".repeat(255));

    const broken = await createMember({ siteId: SITE_ID });
    await env.DB.prepare("UPDATE members SET trafficsource = '{not json' WHERE id = ?").bind(broken.id).run();
    expect(await triggerPostback(env, broken.id, "soi")).toBeNull();
  });
});

describe("failures: retried with backoff, then logged as failed", { timeout: 30_000 }, () => {
  it(`a network answering 500 is tried ${MAX_ATTEMPTS} times, then the log says failed`, async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("error", key) } });
    const member = await memberFrom({ network: "adnet" });
    await triggerPostback(env, member.id, "soi");
    const row = await settled(member.id, "soi", 20_000);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_status: 500 });
    expect(row.last_error).toContain(`given up after ${MAX_ATTEMPTS} attempts`);
    expect(await hits(key)).toHaveLength(MAX_ATTEMPTS);
  });

  it("a network that hangs times out each attempt, then fails", async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("hang", key) } });
    const member = await memberFrom({ network: "adnet" });
    await triggerPostback(env, member.id, "soi");
    const row = await settled(member.id, "soi", 25_000);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_status: null });
    expect(row.last_error).toContain("no answer within 400 ms");
    expect(await hits(key)).toHaveLength(MAX_ATTEMPTS);
  });

  it("a 500 then a 200 ends sent after two attempts", async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("flaky", key) } });
    const member = await memberFrom({ network: "adnet" });
    await triggerPostback(env, member.id, "soi");
    expect(await settled(member.id, "soi")).toMatchObject({ status: "sent", attempts: 2, last_status: 200 });
  });

  it("a 4xx is not retried", async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("refuse", key) } });
    const member = await memberFrom({ network: "adnet" });
    await triggerPostback(env, member.id, "soi");
    expect(await settled(member.id, "soi")).toMatchObject({ status: "failed", attempts: 1, last_status: 403 });
    await sleep(1500);
    expect(await hits(key)).toHaveLength(1);
  });

  it("a private receiver is refused at send unless the worker allows it too (POSTBACK_ALLOW_PRIVATE)", async () => {
    const key = newKey();
    await setNetworks({ adnet: { soi: template("ok", key), doi: template("ok", key) } });
    const strict = { ...env, POSTBACK_ALLOW_PRIVATE: "0" };
    const member = await memberFrom({ network: "adnet" });
    await triggerPostback(strict, member.id, "soi");
    expect((await rows(member.id))[0]).toMatchObject({ status: "refused", last_error: "private_host", attempts: 0 });

    // Made while allowed, refused when the worker no longer allows it.
    const quiet = { ...env, POSTBACK_QUEUE: { send: async () => undefined } as unknown as Queue };
    const id = await triggerPostback(quiet, member.id, "doi");
    expect(await deliverPostback(strict, id!)).toEqual({ result: "refused" });
    expect(await hits(key)).toHaveLength(0);
  });
});
