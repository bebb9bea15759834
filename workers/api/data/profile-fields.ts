/**
 * The profile definition (GET /api/profile_fields.php): select fields with their allowed values,
 * and the interests list (GET /api/interests.php). Labels are translated through app/locales
 * (keys profileFields.*, profileNotes.*, interests.*).
 */
export const SELECT_FIELDS = {
  relationship_status: ["single", "divorced", "widowed", "separated", "relationship"],
  children: ["none", "have", "want", "not_sure"],
  body_type: ["slim", "average", "athletic", "curvy", "large"],
  smoking: ["no", "sometimes", "yes"],
} as const satisfies Record<string, readonly string[]>;

export type SelectField = keyof typeof SELECT_FIELDS;

export const INTERESTS = [
  "travel",
  "music",
  "cooking",
  "sports",
  "movies",
  "reading",
  "nature",
  "art",
  "dancing",
  "gaming",
  "pets",
  "wine",
] as const;

export function isSelectField(name: string): name is SelectField {
  return Object.hasOwn(SELECT_FIELDS, name);
}
