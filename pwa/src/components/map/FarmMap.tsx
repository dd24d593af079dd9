// The print-farm map: Google Maps when the build has VITE_GOOGLE_MAPS_API_KEY, otherwise the offline
// SVG map. Both show the same markers, clusters, info windows, selection and fit.
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { PublicFarm } from '../../api/printFarms.ts';
import { Spinner } from '../ui/spinner.tsx';
import { toMapFarm } from './farmView.ts';
import './map.css';

const GOOGLE_MAPS_API_KEY = (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() ?? '';

type OfflineMapModule = typeof import('./OfflineFarmMap.tsx');
// Once the offline map's chunk is here it renders directly: going through Suspense again would hold
// the reveal back (React throttles fallbacks) although nothing is left to wait for.
let offlineMapModule: OfflineMapModule | null = null;
const loadOfflineMap = () =>
  import('./OfflineFarmMap.tsx').then((module) => {
    offlineMapModule = module;
    return module;
  });
const OfflineFarmMap = lazy(() => loadOfflineMap().then((m) => ({ default: m.OfflineFarmMap })));
const GoogleFarmMap = lazy(() => import('./GoogleFarmMap.tsx').then((m) => ({ default: m.GoogleFarmMap })));

export interface FarmMapProps {
  farms: readonly PublicFarm[];
  selectedFarmId?: string | null;
  onSelect: (farmId: string) => void;
  /** True while the farm list itself is still loading. */
  loading?: boolean;
}

function MapStatus({ text }: { text: string }) {
  return (
    <div className="farm-map farm-map--status">
      <div className="farm-map__status">
        <Spinner size="md" decorative />
        <p>{text}</p>
      </div>
    </div>
  );
}

export function FarmMap({ farms, selectedFarmId, onSelect, loading = false }: FarmMapProps) {
  const mapFarms = useMemo(() => farms.map(toMapFarm), [farms]);
  // Fetch the map code and state shapes while the farm list is still on its way.
  useEffect(() => {
    if (GOOGLE_MAPS_API_KEY) return;
    // All three chunks download side by side; loadAtlas then finds its imports already there.
    void import('us-atlas/states-10m.json').catch(() => {});
    void import('topojson-client').catch(() => {});
    loadOfflineMap().then(
      (m) => m.loadAtlas().catch(() => {}),
      () => {},
    );
  }, []);
  if (loading) return <MapStatus text="Loading print farm locations..." />;
  if (mapFarms.length === 0) {
    return (
      <div className="farm-map farm-map--status">
        <div className="farm-map__status farm-map__empty">
          <p className="farm-map__status-title">No Print Farms Yet</p>
          <p>Be the first to register your print farm and appear on the map!</p>
        </div>
      </div>
    );
  }
  return (
    <Suspense fallback={<MapStatus text="Loading interactive map..." />}>
      {GOOGLE_MAPS_API_KEY ? (
        <GoogleFarmMap
          apiKey={GOOGLE_MAPS_API_KEY}
          farms={mapFarms}
          selectedFarmId={selectedFarmId}
          onSelect={onSelect}
        />
      ) : offlineMapModule ? (
        <offlineMapModule.OfflineFarmMap
          farms={mapFarms}
          selectedFarmId={selectedFarmId}
          onSelect={onSelect}
        />
      ) : (
        <OfflineFarmMap farms={mapFarms} selectedFarmId={selectedFarmId} onSelect={onSelect} />
      )}
    </Suspense>
  );
}
