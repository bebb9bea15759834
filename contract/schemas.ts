/**
 * The API contract's answers, as Zod schemas. The app parses every answer with these on the
 * server, and the reference API worker's tests parse its own answers with the same schemas,
 * so the two sides cannot drift. Field names follow docs/product.md §3 and §7 exactly.
 * They live by area in ./schemas/; this module gathers them, so either import works.
 */
export * from "./schemas/site";
export * from "./schemas/members";
export * from "./schemas/account";
export * from "./schemas/chat";
export * from "./schemas/commerce";
export * from "./schemas/safety";
export * from "./schemas/batch";
