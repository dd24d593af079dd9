// The photos of a claim, checked on the device before they are read (the server checks their bytes
// again): JPEG, PNG or WebP, at most 3 MB each, at most five. They travel as data URLs.
import { CLAIM_PHOTOS } from '@printfarm/domain/claims';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface ClaimPhoto {
  /** Tells the same file chosen twice apart in the list. */
  id: number;
  name: string;
  dataUrl: string;
}

let lastId = 0;

/** Why a file cannot be attached, or null when it can. */
export function photoProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG or WebP photo`;
  }
  if (file.size > CLAIM_PHOTOS.maxBytes) return `${file.name} is larger than 3 MB`;
  return null;
}

export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Adds the chosen files to those attached: the ones that fit, in order, up to five; and the first
 * reason a file was left out.
 */
export async function addPhotos(
  attached: readonly ClaimPhoto[],
  files: readonly File[],
): Promise<{ photos: ClaimPhoto[]; problem: string | null }> {
  const photos = [...attached];
  let problem: string | null = null;
  for (const file of files) {
    if (photos.length >= CLAIM_PHOTOS.max) {
      problem ??= `Attach at most ${CLAIM_PHOTOS.max} photos`;
      break;
    }
    const fault = photoProblem(file);
    if (fault) {
      problem ??= fault;
      continue;
    }
    photos.push({ id: ++lastId, name: file.name, dataUrl: await readDataUrl(file) });
  }
  return { photos, problem };
}
