// The parcel carriers as select options: the operator's ship dialog and the store's order form.
import { CARRIERS } from '@printfarm/domain/tracking';
import type { SelectOption } from '../components/ui/select.tsx';

export const CARRIER_OPTIONS: readonly SelectOption[] = CARRIERS.map((carrier) => ({
  value: carrier,
  label: carrier,
}));
