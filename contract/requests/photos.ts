/**
 * Requests of the photo calls (docs/api.md): DELETE /api/profileimage.php removes a photo, PUT
 * makes one the main photo. POST is a multipart upload with one field, `file`, and has no JSON body.
 * The id may come as a number or as the string a form sends.
 */
import { z } from "zod";

const photoId = z.union([z.number(), z.string()]);

export const PhotoDeleteBodySchema = z.object({ id: photoId });
export type PhotoDeleteBody = z.input<typeof PhotoDeleteBodySchema>;

export const PhotoMainBodySchema = z.object({ id: photoId, main: z.literal(true) });
export type PhotoMainBody = z.input<typeof PhotoMainBodySchema>;
