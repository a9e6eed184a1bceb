/** A JSON object (not null, not an array): the one "is this an object" guard of the code base. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
