// The searchable list of farms under the map; it works on its own, so it stays usable when the map fails.
import { type Ref, useDeferredValue, useId, useMemo, useState } from 'react';
import type { PublicFarm } from '../../api/printFarms.ts';
import { printerCountLabel, toMapFarm } from '../../components/map/farmView.ts';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cx } from '../../lib/cx.ts';

const PAGE_SIZE = 24;
const byName = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

export interface FarmListProps {
  farms: readonly PublicFarm[];
  loading: boolean;
  selectedFarmId: string | null;
  onSelect: (farmId: string) => void;
  /** The search box was focused: the list is wanted now. */
  onSearch?: () => void;
  searchRef?: Ref<HTMLInputElement>;
}

/** Lower-case words a farm can be found by: company, city, state, ZIP and printer types. */
function searchText(farm: PublicFarm): string {
  return [farm.displayName, farm.city, farm.state, farm.zipCode, ...(farm.printerTypes ?? [])]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

export function FarmList({ farms, loading, selectedFarmId, onSelect, onSearch, searchRef }: FarmListProps) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const deferredQuery = useDeferredValue(query);
  const indexed = useMemo(
    () =>
      farms
        .map((farm) => ({ farm: toMapFarm(farm), text: searchText(farm) }))
        .sort((a, b) => byName.compare(a.farm.companyName, b.farm.companyName)),
    [farms],
  );
  const matches = useMemo(() => {
    const words = deferredQuery.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return indexed;
    return indexed.filter(({ text }) => words.every((word) => text.includes(word)));
  }, [indexed, deferredQuery]);

  return (
    <section className="farm-list" aria-labelledby="farm-list-heading">
      <div className="farm-list__header">
        <h3 id="farm-list-heading" className="farm-list__title">
          Browse Print Farms
        </h3>
        <div className="farm-list__search">
          <label htmlFor={searchId} className="sr-only">
            Search print farms
          </label>
          <Input
            id={searchId}
            ref={searchRef}
            type="search"
            placeholder="Search by company, city, state, ZIP or printer"
            value={query}
            onFocus={onSearch}
            onChange={(event) => {
              setQuery(event.target.value);
              setShown(PAGE_SIZE);
            }}
          />
        </div>
      </div>
      {loading ? (
        <div className="farm-list__grid" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="farm-list__skeleton" />
          ))}
        </div>
      ) : (
        <>
          <p className="farm-list__count" aria-live="polite">
            {matches.length === indexed.length
              ? `${indexed.length} ${indexed.length === 1 ? 'farm' : 'farms'} in the network`
              : `${matches.length} of ${indexed.length} farms match`}
          </p>
          {matches.length === 0 ? (
            <p className="farm-list__empty">No print farms match your search.</p>
          ) : (
            <ul className="farm-list__grid">
              {matches.slice(0, shown).map(({ farm }) => (
                <li key={farm.id}>
                  <button
                    type="button"
                    className={cx(
                      'farm-list__item',
                      farm.id === selectedFarmId && 'farm-list__item--selected',
                    )}
                    aria-pressed={farm.id === selectedFarmId}
                    onClick={() => onSelect(farm.id)}
                  >
                    <span className="farm-list__name">{farm.companyName}</span>
                    <span className="farm-list__place">
                      {farm.city}, {farm.state} {farm.zipCode}
                    </span>
                    <span className="farm-list__meta">
                      {printerCountLabel(farm.printerCount)}
                      {farm.printerTypes.length > 0 && ` · ${farm.printerTypes.slice(0, 2).join(', ')}`}
                    </span>
                    {!farm.coordinates && <span className="farm-list__pending">Location pending</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {matches.length > shown && (
            <button type="button" className="farm-list__more" onClick={() => setShown(shown + PAGE_SIZE * 2)}>
              Show more farms ({matches.length - shown} more)
            </button>
          )}
        </>
      )}
    </section>
  );
}
