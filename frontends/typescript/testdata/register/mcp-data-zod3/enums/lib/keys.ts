/** The names of an enum's members, for z.enum (numeric enums map values back to names too). */
export function enumKeys<T extends Record<string, string | number>>(enumObject: T): string[] {
  return Object.keys(enumObject).filter((key) => isNaN(Number(key)));
}
