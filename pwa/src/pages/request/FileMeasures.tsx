// What a request's file card says of the part: its measured size (next to something familiar), volume
// and watertightness, the unit it suggests when the size is implausible, and the quantity stepper.
import { UNIT_LABELS, type Units } from '@printfarm/domain/units';
import { useEffect, useState } from 'react';
import type { FileAnalysis } from '../../api/printRequests.ts';
import { Button } from '../../components/ui/button.tsx';

const MAX_QUANTITY = 1_000;

/** '0.16 mm', '20 mm', '1.2 m': a length a person reads at a glance. */
export function lengthText(mm: number): string {
  if (mm >= 1000) return `${(mm / 1000).toFixed(mm >= 10_000 ? 0 : 1)} m`;
  if (mm >= 10) return `${Math.round(mm)} mm`;
  if (mm >= 1) return `${mm.toFixed(1)} mm`;
  return `${Number(mm.toPrecision(2))} mm`;
}

const wholeNumber = new Intl.NumberFormat();

/** '0.000001 cm³', '8.0 cm³', '1,000 cm³'. */
function volumeText(cm3: number): string {
  if (cm3 < 0.1) return `${Number(cm3.toPrecision(2))} cm³`;
  return cm3 < 100 ? `${cm3.toFixed(1)} cm³` : `${wholeNumber.format(Math.round(cm3))} cm³`;
}

function sizeText({ x, y, z }: { x: number; y: number; z: number }): string {
  return `${lengthText(x)} × ${lengthText(y)} × ${lengthText(z)}`.replace(/ mm × /g, ' × ');
}

export function Metrics({ analysis }: { analysis: FileAnalysis }) {
  const box = analysis.boundingBoxMm;
  return (
    <dl className="file-metrics request-file__metrics">
      {box && (
        <div className="file-metrics__wide">
          <dt>Size</dt>
          <dd>
            {sizeText(box)}
            {analysis.familiarSize && (
              <span className="request-file__familiar"> · {analysis.familiarSize}</span>
            )}
          </dd>
        </div>
      )}
      {analysis.volumeCm3 !== null && (
        <div>
          <dt>Volume</dt>
          <dd>{volumeText(analysis.volumeCm3)}</dd>
        </div>
      )}
      {analysis.watertight !== null && (
        <div>
          <dt>Watertight</dt>
          <dd title={analysis.watertight ? undefined : 'The mesh has holes; the farm may have to repair it.'}>
            {analysis.watertight ? 'Yes' : 'No, has holes'}
          </dd>
        </div>
      )}
    </dl>
  );
}

export function UnitSuggestion({
  analysis,
  onUse,
  busy,
}: {
  analysis: FileAnalysis;
  onUse: (units: Units) => void;
  busy: boolean;
}) {
  const suggested = analysis.suggestedUnits;
  const box = analysis.boundingBoxMm;
  if (!suggested || !box) return null;
  const largest = Math.max(box.x, box.y, box.z);
  const unitName = UNIT_LABELS[suggested].toLowerCase();
  return (
    <div className="unit-suggestion" role="status">
      <p>
        This part is <strong>{lengthText(largest)}</strong> wide — was it made in {unitName}?
      </p>
      <Button size="sm" onClick={() => onUse(suggested)} loading={busy}>
        Use {unitName}
      </Button>
    </div>
  );
}

export function QuantityStepper({
  value,
  onCommit,
  disabled,
  label,
}: {
  value: number;
  onCommit: (quantity: number) => void;
  disabled: boolean;
  label: string;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = (next: number) => {
    const clamped = Math.min(MAX_QUANTITY, Math.max(1, Math.round(next)));
    setDraft(String(clamped));
    if (clamped !== value) onCommit(clamped);
  };
  return (
    <div className="quantity-stepper">
      <Button
        variant="outline"
        size="icon"
        aria-label={`One fewer ${label}`}
        disabled={disabled || value <= 1}
        onClick={() => commit(value - 1)}
      >
        −
      </Button>
      <input
        className="input quantity-stepper__input"
        inputMode="numeric"
        aria-label={`Quantity of ${label}`}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onBlur={() => commit(Number(draft) || value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(Number(draft) || value);
          }
        }}
      />
      <Button
        variant="outline"
        size="icon"
        aria-label={`One more ${label}`}
        disabled={disabled || value >= MAX_QUANTITY}
        onClick={() => commit(value + 1)}
      >
        +
      </Button>
    </div>
  );
}
