/** Requests of GET /api/geocode.php?lat=&lon=. */
import { z } from "zod";

/** A decimal number as a browser's Geolocation API writes it: no exponents, no Infinity, no hex. */
const coordinate = (max: number) =>
  z
    .string()
    .trim()
    .max(32)
    .regex(/^[+-]?(\d{1,3}(\.\d{1,20})?|\.\d{1,20})$/)
    .transform(Number)
    .pipe(z.number().min(-max).max(max));

export const GeocodeQuerySchema = z.object({ lat: coordinate(90), lon: coordinate(180) });
export type GeocodeQuery = z.input<typeof GeocodeQuerySchema>;
export type GeocodeQueryParsed = z.output<typeof GeocodeQuerySchema>;
