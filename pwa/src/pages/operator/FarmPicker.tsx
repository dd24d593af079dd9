// Chooses the farm the operator area shows (?farmId=): an operator's own farms, or any farm for staff.
import { useSearchParams } from 'react-router-dom';
import { LabelledSelect } from '../../components/ui/labelledSelect.tsx';
import { FARM_PARAM, type OperatorFarms } from './farmContext.ts';

export function FarmPicker({
  farms,
  allowAll = false,
  value = farms.farmId,
}: {
  farms: OperatorFarms;
  /** The inbox may show every farm of the operator at once. */
  allowAll?: boolean;
  /** The farm shown when the URL names none (settings show the operator's first farm). */
  value?: string | null;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  if (!farms.isStaff && farms.farms.length < 2) return null;
  const all = allowAll && !farms.isStaff;
  const options = farms.farms.map((farm) => ({ value: farm.id, label: `${farm.name} · ${farm.location}` }));
  return (
    <LabelledSelect
      className="op-farm-picker"
      label="Farm"
      value={value ?? ''}
      placeholder={all ? undefined : 'Choose a farm'}
      options={all ? [{ value: '', label: 'All my farms' }, ...options] : options}
      onChange={(event) => {
        const next = new URLSearchParams(searchParams);
        if (event.target.value) next.set(FARM_PARAM, event.target.value);
        else next.delete(FARM_PARAM);
        setSearchParams(next);
      }}
    />
  );
}
