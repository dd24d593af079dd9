// The plane the offline map is drawn in: d3's standard Albers USA frame, in which the whole US (Alaska and
// Hawaii in their insets) fits a 975 × 610 box. State shapes, farm points and the view all use its units.
export const FRAME_W = 975;
export const FRAME_H = 610;
