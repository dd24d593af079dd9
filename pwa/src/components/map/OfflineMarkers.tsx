// The offline map's markers, laid over the states in screen pixels: the clusters and farms in view,
// and the picked farm drawn selected on top.
import type { ClusterItem, FarmPoint } from '@printfarm/map/clusters';
import { clusterDiameter } from '@printfarm/map/mapView';
import type { PickedFarm } from './farmView.ts';
import { FarmMarkerButton } from './MapFrameParts.tsx';

export type ClusterOf = Extract<ClusterItem, { kind: 'cluster' }>;

export function OfflineMarkers({
  items,
  picked,
  toScreen,
  onCluster,
  onFarm,
  onPicked,
}: {
  items: ClusterItem[] | undefined;
  picked: PickedFarm | null;
  toScreen: (x: number, y: number) => [number, number];
  onCluster: (item: ClusterOf) => void;
  onFarm: (point: FarmPoint) => void;
  /** The picked farm's marker, clicked. */
  onPicked: () => void;
}) {
  return (
    <div className="farm-map__markers">
      {items?.map((item) => {
        const [left, top] = toScreen(item.x, item.y);
        if (item.kind === 'cluster') {
          const diameter = clusterDiameter(item.count);
          return (
            <button
              type="button"
              key={`c${item.id}`}
              className="farm-cluster"
              style={{
                transform: `translate(${left}px, ${top}px)`,
                width: diameter,
                height: diameter,
              }}
              aria-label={`${item.count} print farms here, zoom in`}
              title={`${item.count} print farms, ${item.printers.toLocaleString('en-US')} printers`}
              onClick={() => onCluster(item)}
            >
              {item.count}
            </button>
          );
        }
        if (item.marker.markerId === picked?.markerId) return null;
        return (
          <FarmMarkerButton
            key={item.marker.markerId}
            marker={item.marker}
            left={left}
            top={top}
            onOpen={() => onFarm(item)}
          />
        );
      })}
      {picked && (
        <FarmMarkerButton
          marker={picked}
          left={toScreen(picked.x, picked.y)[0]}
          top={toScreen(picked.x, picked.y)[1]}
          selected
          onOpen={onPicked}
        />
      )}
    </div>
  );
}
