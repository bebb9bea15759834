import { describe, expect, it } from "vitest";
import { DOMAIN_ERROR_CODES, DomainError } from "../domain/errors";
import { apiErrorOf, DOMAIN_ERROR_STATUS } from "./domain-error-status";

describe("a domain refusal at the edge", () => {
  it("has a status for every code", () => {
    expect(Object.keys(DOMAIN_ERROR_STATUS).sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
  });

  // The statuses the rules threw as ApiErrors before issue 26; those the API tests do not reach.
  it.each([
    ["order_in_progress", 409],
    ["discount_not_applicable", 422],
    ["not_withdrawable", 409],
    ["discount_expired", 410],
    ["payment_unavailable", 503],
  ] as const)("answers %s with %i", (code, status) => {
    expect(apiErrorOf(new DomainError(code, "Why.")).status).toBe(status);
  });

  it("answers the same body as an ApiError: code, message, then the details", () => {
    const refusal = new DomainError("discount_reserved", "This code is reserved for your open order.", {
      fields: { code: "discount_reserved" },
      order_id: "ord_x",
    });
    expect(JSON.stringify(apiErrorOf(refusal))).toBe(
      JSON.stringify({
        error: "discount_reserved",
        message: "This code is reserved for your open order.",
        fields: { code: "discount_reserved" },
        order_id: "ord_x",
      }),
    );
  });
});
