// The words and values behind the request's choices form: what each technology is good for, colour
// swatches, and the form's values to and from the request and the PATCH body.
import type { PrintRequestChoicesInput } from '@printfarm/domain/printRequest';
import {
  INFILL_PERCENTS,
  type InfillPercent,
  LAYER_HEIGHT_LABELS,
  LAYER_HEIGHTS_MM,
  type LayerHeightMm,
} from '@printfarm/domain/printSettings';
import type { PrintRequestDetail } from '../../api/printRequests.ts';
import type { SegmentedOption } from './Segmented.tsx';

export const FDM = 'FFF/FDM';

/** Ids of the choices-form fields other panels point at ('Change material'). */
export const FIELD_IDS = {
  technology: 'choice-technology',
  material: 'choice-material',
  shipToZip: 'choice-ship-to-zip',
} as const;

/** One line per technology, in a customer's words. */
export const TECHNOLOGY_HINTS: Record<string, string> = {
  'FFF/FDM': 'Plastic filament: the most affordable, sturdy parts with fine visible layers.',
  'SLA/Resin': 'Liquid resin: very fine detail and smooth surfaces, for miniatures and small parts.',
  SLS: 'Nylon powder: strong, slightly grainy parts with no support marks.',
  'Multi Jet Fusion': 'Nylon powder: strong, dense parts for production runs.',
  PolyJet: 'Jetted photopolymer: several materials or colours in one part, very fine.',
  'Binder Jetting': 'Metal, sand or full-colour gypsum bound from powder.',
  'Metal 3D Printing': 'Steel, aluminium or titanium parts.',
  Other: 'Anything else a farm can print.',
};

/** What each common colour looks like on screen. */
export const SWATCHES: Record<string, string> = {
  Black: '#111827',
  White: '#ffffff',
  Grey: '#9ca3af',
  Red: '#dc2626',
  Blue: '#2563eb',
  Green: '#16a34a',
  Yellow: '#facc15',
  Orange: '#f97316',
  Natural: '#efe6d2',
};

const LAYER_HINTS: Record<LayerHeightMm, string> = {
  0.12: 'Smoothest surfaces and finest detail; takes longest',
  0.2: 'The usual balance of detail and time',
  0.28: 'Fastest and cheapest; layers show more',
};

export const LAYER_OPTIONS: SegmentedOption<LayerHeightMm>[] = LAYER_HEIGHTS_MM.map((value) => {
  const [name = '', size = ''] = LAYER_HEIGHT_LABELS[value].split(' (');
  return { value, label: name, detail: size.replace(')', ''), hint: LAYER_HINTS[value] };
});

const INFILL_WORDS: Record<InfillPercent, [string, string]> = {
  15: ['Light', 'Display pieces and prototypes'],
  25: ['Standard', 'Everyday parts'],
  50: ['Strong', 'Parts that carry load'],
  100: ['Solid', 'The strongest and heaviest'],
};

export const INFILL_OPTIONS: SegmentedOption<InfillPercent>[] = INFILL_PERCENTS.map((value) => ({
  value,
  label: `${value}%`,
  detail: INFILL_WORDS[value][0],
  hint: INFILL_WORDS[value][1],
}));

/** The FDM settings the form draws as segmented controls, in the order they show. */
export const FDM_SETTINGS = [
  { name: 'layerHeightMm', legend: 'Layer height', options: LAYER_OPTIONS },
  { name: 'infillPercent', legend: 'Infill', options: INFILL_OPTIONS },
] as const;

export interface ChoiceValues {
  technology: string;
  material: string;
  color: string;
  layerHeightMm: LayerHeightMm;
  infillPercent: InfillPercent;
  shipToZip: string;
  deadline: string;
  budget: string;
  notes: string;
}

export function choiceValuesOf(request: PrintRequestDetail): ChoiceValues {
  return {
    technology: request.technology ?? '',
    material: request.material ?? '',
    color: request.color ?? '',
    layerHeightMm: request.layerHeightMm as LayerHeightMm,
    infillPercent: request.infillPercent as InfillPercent,
    shipToZip: request.shipToZip ?? '',
    deadline: request.deadline ?? '',
    budget: request.budget ?? '',
    notes: request.notes ?? '',
  };
}

/**
 * The PATCH body for the form's values: a blank required choice is left out (Get quotes names it),
 * a blank deadline or budget clears it.
 */
export function choicesInputOf(values: ChoiceValues): PrintRequestChoicesInput {
  return {
    ...(values.technology ? { technology: values.technology as PrintRequestChoicesInput['technology'] } : {}),
    ...(values.material ? { material: values.material } : {}),
    ...(values.shipToZip.trim() ? { shipToZip: values.shipToZip } : {}),
    color: values.color,
    layerHeightMm: values.layerHeightMm,
    infillPercent: values.infillPercent,
    deadline: values.deadline || null,
    budget: values.budget.trim() || null,
    notes: values.notes,
  };
}

/** Only the fields the customer changed, so saving never touches what they left alone. */
export function changedOnly(
  input: PrintRequestChoicesInput,
  dirty: Partial<Record<keyof ChoiceValues, unknown>>,
): PrintRequestChoicesInput {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (dirty[name as keyof ChoiceValues]) changed[name] = value;
  }
  return changed as PrintRequestChoicesInput;
}
