import { type MapFarm, printerCountLabel } from './farmView.ts';

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
