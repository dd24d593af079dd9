// Where the map's first frame goes: the element the server puts its data into (mapFirstFrame.ts) and the
// slot the prerendered map leaves for the picture drawn from it (drawFirstFrame.ts).

/** The `<script type="application/json">` the server puts the first frame's data into. */
export const FIRST_FRAME_DATA_ID = 'farm-map-first-frame';
/** The attribute of the map box's child the first frame is drawn into (FirstFrameSlot). */
export const FIRST_FRAME_SLOT_ATTRIBUTE = 'data-first-frame';
