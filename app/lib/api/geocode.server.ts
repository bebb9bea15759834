/** GET /api/geocode.php?lat=&lon=: the place at the device's position (sign-up step 3). */
import type { ApiClient } from "./client.server";
import { GeocodeAnswerSchema } from "../../../contract/schemas";

export function geocode(api: ApiClient, lat: string, lon: string) {
  return api.call(GeocodeAnswerSchema, "/api/geocode.php", { query: { lat, lon } });
}
