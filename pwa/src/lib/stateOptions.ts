// The 50 US states as every form offers them: the name shown, the code sent, in order of the name
// (Alabama before Alaska), so a person finds their state where they expect it.
import { US_STATES } from '@printfarm/domain/usStates';
import type { SelectOption } from '../components/ui/select.tsx';

export const US_STATE_OPTIONS: readonly SelectOption[] = US_STATES.map(([code, name]) => ({
  value: code,
  label: name,
})).sort((a, b) => a.label.localeCompare(b.label, 'en'));
