// Rotations that put one side of a part on the build plate: the print's Z is up, the plate below.
import type { OrientationKey, Rotation3 } from '@printfarm/domain/inspection';

export type Vector3 = [number, number, number];

/** The six sides of the file's axes, each turned to face down (exact: only 0 and ±1). */
export const AXIS_ROTATIONS: Record<Exclude<OrientationKey, 'face'>, Rotation3> = {
  'z-': [1, 0, 0, 0, 1, 0, 0, 0, 1],
  'z+': [1, 0, 0, 0, -1, 0, 0, 0, -1],
  'x-': [0, 0, -1, 0, 1, 0, 1, 0, 0],
  'x+': [0, 0, 1, 0, 1, 0, -1, 0, 0],
  'y-': [1, 0, 0, 0, 0, -1, 0, 1, 0],
  'y+': [1, 0, 0, 0, 0, 1, 0, -1, 0],
};

/** The smallest rotation turning the unit vector `normal` to face straight down. */
export function rotationPlacingDown([nx, ny, nz]: Vector3): Rotation3 {
  // Rodrigues: R = c·I + [v]× + v·vᵀ / (1 + c), with v = n × (0, 0, −1) and c = n · (0, 0, −1).
  const c = -nz;
  if (1 + c < 1e-12) return AXIS_ROTATIONS['z+'];
  const vx = -ny;
  const vy = nx;
  const k = 1 / (1 + c);
  return [c + vx * vx * k, vx * vy * k, vy, vx * vy * k, c + vy * vy * k, -vx, -vy, vx, c];
}

/** R · v. */
export function rotate(r: Rotation3, [x, y, z]: Vector3): Vector3 {
  return [r[0] * x + r[1] * y + r[2] * z, r[3] * x + r[4] * y + r[5] * z, r[6] * x + r[7] * y + r[8] * z];
}

export function determinant(r: Rotation3): number {
  return (
    r[0] * (r[4] * r[8] - r[5] * r[7]) -
    r[1] * (r[3] * r[8] - r[5] * r[6]) +
    r[2] * (r[3] * r[7] - r[4] * r[6])
  );
}
