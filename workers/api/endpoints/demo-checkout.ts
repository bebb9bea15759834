/**
 * The demo provider's hosted checkout (PAYMENT_ADAPTER=demo; docs/decisions/018-payments.md),
 * on loopback hosts only, like the development mailbox:
 *
 * - GET /api/demo_checkout.php?id=tr_…: the payment, and one button per outcome;
 * - POST /api/demo_checkout.php (id, outcome): the payment takes that state, the webhook is
 *   called with only the id, exactly as Mollie calls it, and the browser goes back to the
 *   shop's return address. So the local flow runs the same order code as production.
 *
 * The page stands in for the provider's, so it is plain HTML with its own styles, no JavaScript.
 */
import { Hono, type Context } from "hono";
import { DEMO_OUTCOMES, DemoCheckoutBodySchema, DemoPaymentIdSchema } from "../../../contract/requests/demo-checkout";
import type { ApiContext, Dispatch } from "../context";
import { completeDemoPayment, findDemoPayment } from "../adapters/payments/demo";
import { ApiError } from "../lib/errors";
import { readBody } from "../lib/request";
import { escapeHtml } from "../mail/template";

const OUTCOME_LABELS: Record<(typeof DEMO_OUTCOMES)[number], string> = {
  paid: "Pay (succeeds)",
  failed: "Fail the payment",
  canceled: "Cancel",
  expired: "Let it expire",
};

function demoCheckoutAvailable(c: Context<ApiContext>): boolean {
  return (c.env.PAYMENT_ADAPTER ?? "demo") === "demo" && c.var.local;
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency }).format(cents / 100);
}

const STYLE = `
  *{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1c2230}
  main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
  .mode{display:inline-block;padding:.1rem .5rem;border-radius:4px;background:#fff3c4;color:#5c4500;font-size:.85rem}
  h1{font-size:1.6rem;margin:.5rem 0}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#4a5263}
  dd{margin:0}fieldset{border:0;padding:0;margin:1rem 0;display:grid;gap:.5rem}legend{font-weight:600;margin-bottom:.5rem}
  button{font:inherit;padding:.75rem;border-radius:8px;border:1px solid #aab;background:#fff;color:#1c2230;cursor:pointer}
  button[value=paid]{background:#0b6b3a;border-color:#0b6b3a;color:#fff}a{color:#1d4fd7}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function html(c: Context<ApiContext>, body: string, status: 200 | 404 = 200) {
  c.header(
    "content-security-policy",
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  );
  c.header("cache-control", "no-store");
  return c.html(body, status);
}

export function demoCheckout(dispatch: Dispatch) {
  return new Hono<ApiContext>()
    .get("/demo_checkout.php", async (c) => {
      if (!demoCheckoutAvailable(c)) throw new ApiError(404, "not_found", "No such API call.");
      // A page, not a call: a bad id is the page saying there is no such payment.
      const id = DemoPaymentIdSchema.safeParse(c.req.query("id"));
      const payment = id.success ? await findDemoPayment(c.var.db, id.data) : undefined;
      if (!payment) return html(c, page("Demo checkout", "<h1>No such payment</h1>"), 404);
      const summary = `<p class="mode">Test mode · demo payment provider</p>
        <h1>Pay ${escapeHtml(money(payment.amount_cents, payment.currency))}</h1>
        <dl><dt>For</dt><dd>${escapeHtml(payment.description)}</dd><dt>Method</dt><dd>${escapeHtml(payment.method)}</dd></dl>`;
      if (payment.status !== "open") {
        const back = `<p><a href="${escapeHtml(payment.redirect_url)}">Back to the shop</a></p>`;
        return html(c, page("Demo checkout", `${summary}<p>This payment is ${escapeHtml(payment.status)}.</p>${back}`));
      }
      const buttons = DEMO_OUTCOMES.map(
        (o) => `<button type="submit" name="outcome" value="${o}">${OUTCOME_LABELS[o]}</button>`,
      ).join("");
      const form = `<form method="post" action="/api/demo_checkout.php"><input type="hidden" name="id" value="${escapeHtml(payment.id)}">
        <fieldset><legend>Choose what the payment does</legend>${buttons}</fieldset></form>`;
      return html(c, page("Demo checkout", summary + form));
    })
    .post("/demo_checkout.php", async (c) => {
      if (!demoCheckoutAvailable(c)) throw new ApiError(404, "not_found", "No such API call.");
      const { id, outcome } = await readBody(c, DemoCheckoutBodySchema);
      const payment = await findDemoPayment(c.var.db, id);
      if (!payment) return html(c, page("Demo checkout", "<h1>No such payment</h1>"), 404);
      if (await completeDemoPayment(c.var.db, id, outcome)) {
        // Mollie's webhook call: a form post carrying only the id, to the address the order gave.
        const hook = new URL(payment.webhook_url);
        const request = new Request(hook, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-original-host": hook.host,
            "x-forwarded-proto": hook.protocol.replace(":", ""),
          },
          body: new URLSearchParams({ id }).toString(),
        });
        const answer = await dispatch(request, c);
        if (!answer.ok) console.error(`demo checkout: the webhook answered ${answer.status} for ${id}`);
      }
      return c.redirect(payment.redirect_url, 303);
    });
}
