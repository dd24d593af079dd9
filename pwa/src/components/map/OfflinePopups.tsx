// The offline map's info windows: the picked farm's, and the list of the farms at one spot.

import type { Size } from '@printfarm/map/mapView';
import { PickedFarmInfo } from './FarmInfo.tsx';
import { type FarmSelection, pickedFromPoint, SameSpotList } from './farmSelection.tsx';
import { MapPopup } from './MapPopup.tsx';

export function OfflinePopups({
  selection,
  mapSize,
  toScreen,
  onPan,
}: {
  selection: FarmSelection;
  mapSize: Size;
  toScreen: (x: number, y: number) => [number, number];
  onPan: (dx: number, dy: number) => void;
}) {
  const { picked, sameSpot, openings } = selection;
  return (
    <>
      {picked && selection.infoOpen && (
        <MapPopup
          anchor={toScreen(picked.x, picked.y)}
          mapSize={mapSize}
          opening={openings}
          label={`${picked.name} details`}
          onPan={onPan}
          onClose={selection.closeInfo}
        >
          <PickedFarmInfo picked={picked} farm={selection.details.farm} failed={selection.details.failed} />
        </MapPopup>
      )}
      {sameSpot && (
        <MapPopup
          anchor={toScreen(sameSpot.x, sameSpot.y)}
          mapSize={mapSize}
          opening={openings}
          label="Print farms at this location"
          onPan={onPan}
          onClose={selection.closeSameSpot}
        >
          <SameSpotList spot={sameSpot} onPick={(point) => selection.pick(pickedFromPoint(point))} />
        </MapPopup>
      )}
    </>
  );
}
