import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { farmMarkerQueries } from '../../api/farmMarkers.ts';
import { type MapFarm, type PickedFarm, printerCountLabel, toMapFarm } from './farmView.ts';

/** What a farm's info window shows, on both maps. */
export function FarmInfo({ farm }: { farm: MapFarm }) {
  const types = farm.printerTypes.slice(0, 3);
  return (
    <div className="farm-info">
      <h3 className="farm-info__name">{farm.companyName}</h3>
      <p className="farm-info__line">{farm.streetName}</p>
      <p className="farm-info__line">
        {farm.city}, {farm.state} {farm.zipCode}
      </p>
      <p className="farm-info__printers">{printerCountLabel(farm.printerCount)}</p>
      {types.length > 0 && (
        <ul className="farm-info__types" aria-label="Printer types">
          {types.map((type) => (
            <li key={type}>{type}</li>
          ))}
        </ul>
      )}
      {farm.website && (
        <a className="farm-info__website" href={farm.website} target="_blank" rel="noopener noreferrer">
          Visit Website
        </a>
      )}
    </div>
  );
}

/**
 * The picked farm's whole public view: at once for a farm from the list, read from the API for a marker
 * (the feed has only its name, place and printers). Reports the farm's id once known, to select it.
 */
export function usePickedFarm(picked: PickedFarm | null, onSelect: (farmId: string) => void) {
  const markerId = picked && !picked.farm ? picked.markerId : null;
  const details = useQuery({ ...farmMarkerQueries.farm(markerId ?? 0), enabled: markerId !== null });
  const farm = picked?.farm ?? (markerId !== null && details.data ? toMapFarm(details.data) : null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const farmId = farm?.id;
  useEffect(() => {
    if (farmId) onSelectRef.current(farmId);
  }, [farmId]);
  return { farm, failed: markerId !== null && details.isError };
}

/** The info window of a picked farm: the whole farm, or what the marker knows while the rest loads. */
export function PickedFarmInfo({
  picked,
  farm,
  failed,
}: {
  picked: PickedFarm;
  farm: MapFarm | null;
  failed: boolean;
}) {
  if (farm) return <FarmInfo farm={farm} />;
  return (
    <div className="farm-info" aria-busy={!failed}>
      <h3 className="farm-info__name">{picked.name}</h3>
      <p className="farm-info__line">{picked.place}</p>
      <p className="farm-info__printers">{printerCountLabel(picked.printers)}</p>
      <p className="farm-info__line farm-info__note">
        {failed ? 'The farm’s details could not be loaded.' : 'Loading details...'}
      </p>
    </div>
  );
}

/** The spec's panel for a map that cannot load; the farm list under the map stays usable. */
export function MapLoadingError() {
  return (
    <div className="farm-map__status farm-map__status--error" role="alert">
      <p className="farm-map__status-title">Map Loading Error</p>
      <p>Unable to load the interactive map. This may be due to API key configuration.</p>
      <p>The farm list below is still available for browsing.</p>
    </div>
  );
}
