const MAX_SLUG_LENGTH = 60;

/** Folds accents away: 'Café' → 'Cafe'. */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{Diacritic}/gu, '');
}

/** A lower-case URL slug: 'Joe's 3D Prints & Co.' → 'joes-3d-prints-and-co'; `fallback` when nothing is left. */
export function slugify(text: string, fallback = 'item'): string {
  const slug = foldAccents(text)
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}
