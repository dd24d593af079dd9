// Longitude and latitude to the offline map's frame (usFrame.ts). Only the marker worker and the script
// that draws the state shapes use it, so d3-geo never loads on the page's main thread.
import { geoAlbersUsa } from 'd3-geo';
import { FRAME_H, FRAME_W } from './usFrame.ts';

export const usProjection = () =>
  geoAlbersUsa()
    .scale(1300)
    .translate([FRAME_W / 2, FRAME_H / 2]);
