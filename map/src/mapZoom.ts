// What both maps (offline and Google) agree on: the zoom that shows the whole US, how far a fit may zoom
// in, how much of the country a farm picked from the list is shown with, and a marker's size.
export const MAP_START_ZOOM = 4;
export const MAP_FIT_MAX_ZOOM = 15;
/**
 * A farm picked from the list is shown with the states around it: offline, the view's shorter side
 * spans this many frame units (the frame is 975 wide, a mid-sized state about 100); Google, this zoom.
 */
export const MAP_REGION_SPAN = 220;
export const MAP_REGION_GOOGLE_ZOOM = 6;
export const MARKER_SIZE_PX = 32;
export const US_CENTRE = { lat: 39.8283, lng: -98.5795 };
