// Rating a delivered print (#rate, where the delivered e-mail links): quality, communication and
// timeliness from 1 to 5 stars and a comment, validated with the domain's ratingSchema. Once sent, the
// rating is shown instead.

import { type RatingInput, ratingSchema } from '@printfarm/domain/printRequest';
import { useId } from 'react';
import { type PrintRequestDetail, useRatePrintRequest } from '../../api/printRequests.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { TermList } from '../../components/ui/card.tsx';
import { FieldMessage, FormField } from '../../components/ui/form-field.tsx';
import { SubmitRow } from '../../components/ui/formDialogFooter.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { cx } from '../../lib/cx.ts';

type Score = 'quality' | 'communication' | 'timeliness';

const SCORES: { name: Score; label: string; hint: string }[] = [
  { name: 'quality', label: 'Print quality', hint: 'Surfaces, accuracy, how the parts fit' },
  { name: 'communication', label: 'Communication', hint: 'Answers, updates, the counter-offer if any' },
  { name: 'timeliness', label: 'On time', hint: 'Ready and shipped when promised' },
];

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

function Stars({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  value: number;
  onChange: (score: number) => void;
  error?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset className="stars" aria-invalid={error ? true : undefined}>
      <legend className="stars__legend">
        <span className="label">{label}</span>
        <span className="stars__hint">{hint}</span>
      </legend>
      <div className="stars__row">
        {[1, 2, 3, 4, 5].map((score) => (
          <label key={score} className={cx('stars__star', score <= value && 'stars__star--on')}>
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              aria-label={`${score} of 5: ${WORDS[score]}`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="stars__word" aria-hidden="true">
          {WORDS[value]}
        </span>
      </div>
      <FieldMessage error={error} />
    </fieldset>
  );
}

function ShownStars({ score }: { score: number }) {
  return (
    <span className="stars__shown" role="img" aria-label={`${score} of 5`}>
      {'★★★★★'.slice(0, score)}
      <span className="stars__shown-off">{'★★★★★'.slice(score)}</span>
    </span>
  );
}

function RatingForm({ request }: { request: PrintRequestDetail }) {
  const rate = useRatePrintRequest(request.id, toastOnFailure('Could not send your rating'));
  const form = useDomainForm(ratingSchema, {
    defaultValues: { quality: 0, communication: 0, timeliness: 0, comment: '' },
    reValidateMode: 'onChange',
    send: 'typed',
  });
  const onSubmit = form.handleSubmit((values) =>
    rate.mutate(values satisfies RatingInput, {
      onError: (error) => form.applyServerErrors(error, { focus: true }),
    }),
  );
  return (
    <form className="rating-form" onSubmit={onSubmit} noValidate aria-label="Rate your print">
      <div className="rating-form__scores">
        {SCORES.map((score) => (
          <Stars
            key={score.name}
            label={score.label}
            hint={score.hint}
            value={form.watch(score.name)}
            onChange={(value) => form.setValue(score.name, value, { shouldValidate: true })}
            error={form.formState.errors[score.name]?.message}
          />
        ))}
      </div>
      <FormField label="Comment (optional)" {...form.field('comment')}>
        <Textarea rows={3} maxLength={2000} placeholder="What went well, what could be better?" />
      </FormField>
      <SubmitRow className="rating-form__actions" pending={rate.isPending}>
        Send rating
      </SubmitRow>
    </form>
  );
}

export function RatingSection({ request }: { request: PrintRequestDetail }) {
  const farm = request.job?.farm.name ?? 'the farm';
  const rating = request.rating;
  if (!request.canRate && !rating) return null;
  return (
    <section id="rate" className="rating-section" tabIndex={-1} aria-labelledby="rate-title">
      <h2 id="rate-title" className="rating-section__title">
        {rating ? `Your rating of ${farm}` : `How did ${farm} do?`}
      </h2>
      {rating ? (
        <TermList
          className="rating-shown"
          terms={[
            ...SCORES.map((score) => ({
              term: score.label,
              detail: <ShownStars score={rating[score.name]} />,
            })),
            { term: 'Comment', detail: rating.comment, className: 'rating-shown__comment' },
          ]}
        />
      ) : (
        <>
          <p className="rating-section__lead">
            Your rating helps other customers choose, and helps the farm improve.
          </p>
          <RatingForm request={request} />
        </>
      )}
    </section>
  );
}
