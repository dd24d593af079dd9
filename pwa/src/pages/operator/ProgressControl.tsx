// Printing progress: a slider and quick 25/50/75/100 % steps, saved with one button; the customer sees
// 'N% complete'. On an accepted job the first save also starts printing.

import { useState } from 'react';
import { type OperatorJob, useJobAction } from '../../api/operator.ts';
import { Button } from '../../components/ui/button.tsx';
import { ToggleButtons } from '../../components/ui/filter-buttons.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { jobActionFailure } from './jobActionFailures.ts';

const QUICK_STEPS = [25, 50, 75, 100] as const;

export function ProgressControl({ job }: { job: OperatorJob }) {
  const progress = useJobAction(job.id, 'progress', jobActionFailure('progress'));
  const [percent, setPercent] = useState(job.progressPercent);
  const changed = percent !== job.progressPercent;
  const save = () =>
    progress.mutate(
      { percent },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Progress saved',
            description: `The customer sees ${saved.progressPercent}% complete.`,
          }),
      },
    );
  return (
    <div className="op-progress">
      <div className="op-progress__head">
        <label htmlFor={`progress-${job.id}`} className="label">
          Printing progress
        </label>
        <output htmlFor={`progress-${job.id}`} className="op-progress__value">
          {percent}%
        </output>
      </div>
      <input
        id={`progress-${job.id}`}
        type="range"
        min={0}
        max={100}
        step={5}
        value={percent}
        className="op-progress__slider"
        onChange={(event) => setPercent(Number(event.target.value))}
      />
      <div className="op-progress__actions">
        <ToggleButtons
          legend="Set progress"
          options={QUICK_STEPS}
          value={percent}
          onChange={setPercent}
          className="op-progress__quick"
          label={(step) => `${step}%`}
        />
        <Button onClick={save} loading={progress.isPending} disabled={!changed}>
          Save progress
        </Button>
      </div>
      <p className="field__hint">
        {job.state === 'accepted'
          ? 'Saving progress also tells the customer printing has started.'
          : `The customer sees ${job.progressPercent}% complete.`}
      </p>
    </div>
  );
}
