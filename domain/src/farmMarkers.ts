// The map's marker numbers: a farm's short number in the marker feed, as it arrives in a path.
import * as v from 'valibot';

/** The largest marker number PostgreSQL's serial column can hold. */
const MAX_MARKER_ID = 2_147_483_647;

/** A marker number in a path: digits only, 1 to the column's largest value. */
export const markerIdSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,9}$/, 'A marker number is a whole number from 1'),
  v.transform(Number),
  v.maxValue(MAX_MARKER_ID, 'A marker number is a whole number from 1'),
);
