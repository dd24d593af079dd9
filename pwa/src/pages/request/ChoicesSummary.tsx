// The print choices as read-only facts, once they can no longer change (or before the customer asks to).
import { LAYER_HEIGHT_LABELS, type LayerHeightMm } from '@printfarm/domain/printSettings';
import type { PrintRequestDetail } from '../../api/printRequests.ts';
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
  return (
    <dl className="choices-summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {request.notes && (
        <div className="choices-summary__wide">
          <dt>Notes</dt>
          <dd>{request.notes}</dd>
        </div>
      )}
    </dl>
  );
}
