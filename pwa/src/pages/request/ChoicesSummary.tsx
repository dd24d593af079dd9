// The print choices as read-only facts, once they can no longer change (or before the customer asks to).
import { LAYER_HEIGHT_LABELS, type LayerHeightMm } from '@printfarm/domain/printSettings';
import type { PrintRequestDetail } from '../../api/printRequests.ts';
import { type Term, TermList } from '../../components/ui/card.tsx';
import { FDM } from './choices.ts';
import { money, useClock } from './format.ts';

export function ChoicesSummary({ request }: { request: PrintRequestDetail }) {
  const { day } = useClock();
  const rows: [string, string][] = [
    ['Technology', request.technology ?? '—'],
    ['Material', request.material ?? '—'],
    ['Colour', request.color || 'Any'],
  ];
  if (request.technology === FDM) {
    rows.push([
      'Layer height',
      LAYER_HEIGHT_LABELS[request.layerHeightMm as LayerHeightMm] ?? `${request.layerHeightMm} mm`,
    ]);
    rows.push(['Infill', `${request.infillPercent}%`]);
  }
  rows.push([
    'Ship to',
    request.shipTo
      ? `${request.shipTo.city}, ${request.shipTo.state} ${request.shipToZip}`
      : (request.shipToZip ?? '—'),
  ]);
  if (request.deadline) rows.push(['Needed by', day(request.deadline, true)]);
  if (request.budget) rows.push(['Budget', money(request.budget)]);
  const terms: Term[] = rows.map(([term, detail]) => ({ term, detail }));
  terms.push({ term: 'Notes', detail: request.notes, className: 'choices-summary__wide' });
  return <TermList className="choices-summary" terms={terms} />;
}
