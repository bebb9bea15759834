/**
 * What a message costs (docs/product.md §1, §3; issue 6): the site's `message_credits`, never below the
 * `minimum_message_costs` of the sender's country. Shared by the page (it shows the cost) and
 * the API (it charges it).
 */
export interface MessagePricing {
  message_credits: number;
  minimum_message_costs: Record<string, { costs: number }>;
}

export function messageCost(pricing: MessagePricing, country: string | null): number {
  const minimum = country ? (pricing.minimum_message_costs[country]?.costs ?? 0) : 0;
  return Math.max(pricing.message_credits, minimum);
}
