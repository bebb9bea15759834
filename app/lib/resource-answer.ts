/**
 * JSON between the app's resource routes (app/routes/resources/) and the browser code that
 * fetches them (ADR 015). The route parses the API's answer with its schema on the server and
 * returns only what the page needs; the browser reads it with the route's own type (same app,
 * same build), so no schema, and no Zod, goes into the browser's bundle.
 */

/** A Response whose JSON body has a known type. */
export interface JsonAnswer<T> extends Response {
  json(): Promise<T>;
}

/** In a resource route: the JSON answer, typed with its body. */
export function jsonAnswer<T>(body: T, init?: ResponseInit): JsonAnswer<T> {
  return Response.json(body, init);
}

/** The body type of a resource route's loader or action that answers with jsonAnswer(). */
export type AnswerOf<F extends (...args: never[]) => Promise<Response>> =
  Awaited<ReturnType<F>> extends JsonAnswer<infer T> ? T : never;

/** In the browser: fetch() a resource route; `json()` gives the route's answer type. */
export function fetchResource<F extends (...args: never[]) => Promise<Response>>(
  url: string,
  init?: RequestInit,
): Promise<JsonAnswer<AnswerOf<F>>> {
  return fetch(url, { credentials: "same-origin", ...init });
}
