// The farm settings screen's cards: the scorecard, then what the form edits (availability with the pause
// switch, pricing, public profile, the custom ordering page), and the membership.
import { WEEKDAYS } from '@printfarm/domain/farmSettings';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { type FarmSettings, useLinkOrderingPage } from '../../api/operator.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  TitledCard,
} from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { cx } from '../../lib/cx.ts';
import { money } from './format.ts';
import { RatesEditor } from './RatesEditor.tsx';
import { ProbationBadge, ScorecardFacts } from './Scorecard.tsx';
import type { CheckedValues, SettingsValues } from './settingsForm.ts';

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

type Form = UseFormReturn<SettingsValues, unknown, CheckedValues>;

export function ScorecardCard({ farm }: { farm: FarmSettings }) {
  return (
    <Card>
      <CardHeader className="op-card-head">
        <div>
          <CardTitle>Scorecard</CardTitle>
          <CardDescription>How customers and the network see your farm. Offers rank by it.</CardDescription>
        </div>
        <ProbationBadge scorecard={farm.scorecard} />
      </CardHeader>
      <CardContent>
        <ScorecardFacts scorecard={farm.scorecard} />
        {farm.scorecard.onProbation && (
          <p className="field__hint op-card-note">
            Until your first few routed jobs are done, offers rank you as a new farm. Answer quickly and ship
            on time to build your record.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function AvailabilityCard({ form, farm }: { form: Form; farm: FarmSettings }) {
  const switchId = useId();
  const { register } = form;
  const errors = form.formState.errors.availability;
  const [isPaused, hasHours] = useWatch({
    control: form.control,
    name: ['availability.isPaused', 'availability.hasHours'],
  });
  return (
    <TitledCard
      title="Availability"
      description="How much work the network may send you, and when."
      contentClassName="op-form-stack"
    >
      <div className={cx('op-pause', isPaused && 'op-pause--on')}>
        <div className="op-pause__text">
          <label htmlFor={switchId} className="op-pause__label">
            Pause new jobs
          </label>
          <p id={`${switchId}-hint`} className="field__hint">
            A paused farm gets no new offers or routed jobs. Jobs you already have stay in your inbox;
            un-pause when you are ready for more.
          </p>
        </div>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="op-switch"
          aria-checked={Boolean(isPaused)}
          aria-describedby={`${switchId}-hint`}
          {...register('availability.isPaused')}
        />
      </div>
      <div className="op-form-grid">
        <FormField
          label="Capacity (parts per day)"
          hint={`Your printers make about ${farm.capacity.toLocaleString('en-US')} parts a day.`}
          error={errors?.availableCapacity?.message}
        >
          <Input
            inputMode="numeric"
            {...register('availability.availableCapacity', { valueAsNumber: true })}
          />
        </FormField>
        <div className="op-queue">
          <p className="label">Current queue</p>
          <p className="op-queue__value">{farm.queuedParts.toLocaleString('en-US')} parts</p>
          <p className="field__hint">In jobs you accepted that are not shipped yet.</p>
        </div>
      </div>
      <fieldset className="op-hours">
        <legend className="label">Operating hours</legend>
        <CheckboxField label="Set our operating hours" {...register('availability.hasHours')} />
        <p className="field__hint">
          Kept with your farm for the network team. New jobs can still arrive outside these hours: pause the
          farm to stop them.
        </p>
        {hasHours && (
          <>
            <div className="op-hours__days">
              {WEEKDAYS.map((day) => (
                <label key={day} className="op-day">
                  <input type="checkbox" value={day} {...register('availability.operatingHours.days')} />
                  <span>{DAY_LABELS[day]}</span>
                </label>
              ))}
            </div>
            <div className="op-form-grid op-form-grid--times">
              <FormField label="Opens at" error={errors?.operatingHours?.opensAt?.message}>
                <Input type="time" {...register('availability.operatingHours.opensAt')} />
              </FormField>
              <FormField label="Closes at" error={errors?.operatingHours?.closesAt?.message}>
                <Input type="time" {...register('availability.operatingHours.closesAt')} />
              </FormField>
            </div>
          </>
        )}
      </fieldset>
    </TitledCard>
  );
}

export function PricingCard({ form }: { form: Form }) {
  return (
    <TitledCard
      title="Pricing"
      description={
        <>
          A quote is the material used times your material rate, plus print hours times your machine-hour
          rate, plus a setup fee per file; at least your minimum order.
        </>
      }
    >
      <p className="op-card-note op-card-note--top">
        A rate marked <Badge variant="secondary">Network default</Badge> follows the network’s prices and
        changes when they do; it is not saved on your farm. Change any of its figures and it becomes{' '}
        <Badge variant="blue">Your rate</Badge>. “Use default” puts a rate back.
      </p>
      <RatesEditor form={form} />
    </TitledCard>
  );
}

export function ProfileCard({ form }: { form: Form }) {
  const { register } = form;
  const errors = form.formState.errors.profile;
  return (
    <TitledCard
      title="Public profile"
      description="What customers see on the network map and with your offers."
      contentClassName="op-form-grid"
    >
      <FormField label="Farm name" required error={errors?.displayName?.message}>
        <Input autoComplete="organization" {...register('profile.displayName')} />
      </FormField>
      <FormField label="Contact phone" required error={errors?.contactPhone?.message}>
        <Input type="tel" autoComplete="tel" {...register('profile.contactPhone')} />
      </FormField>
      <FormField label="Website" error={errors?.website?.message} className="op-form-grid__wide">
        <Input type="url" inputMode="url" placeholder="https://" {...register('profile.website')} />
      </FormField>
      <FormField label="Description" error={errors?.description?.message} className="op-form-grid__wide">
        <Textarea rows={3} maxLength={2000} {...register('profile.description')} />
      </FormField>
    </TitledCard>
  );
}

export function OrderingPageCard({ form, farm }: { form: Form; farm: FarmSettings }) {
  const link = useLinkOrderingPage(farm.id, {
    ...toastOnFailure('Could not set up your ordering page'),
    onSuccess: () => toast({ title: 'Ordering page ready', description: 'Share its link with customers.' }),
  });
  const storeName = farm.assignedOrderingLink?.replace(/^\/store\//, '');
  return (
    <TitledCard
      title="Custom ordering page"
      description="Your own storefront on PrintFarm Network, to send your customers to for repeat orders."
      contentClassName="op-form-stack"
    >
      {farm.assignedOrderingLink ? (
        <div className="op-ordering">
          <p>
            Your ordering page:{' '}
            <a
              href={farm.assignedOrderingLink}
              target="_blank"
              rel="noreferrer"
              className="op-ordering__link"
            >
              {window.location.origin}
              {farm.assignedOrderingLink}
            </a>
          </p>
          <Link
            to={`/admin/store/${encodeURIComponent(storeName ?? '')}`}
            className={buttonClass({ variant: 'outline', size: 'sm' })}
          >
            Manage store
          </Link>
        </div>
      ) : farm.wantsOrderingLink ? (
        <div className="op-ordering">
          <p>
            You asked for a custom ordering page. Create it now: it uses your store, or opens one for your
            farm.
          </p>
          <Button size="sm" loading={link.isPending} onClick={() => link.mutate(undefined)}>
            Create my ordering page
          </Button>
        </div>
      ) : null}
      {!farm.assignedOrderingLink && (
        <CheckboxField
          label="I want a custom ordering page for this farm"
          {...form.register('wantsOrderingLink')}
        />
      )}
    </TitledCard>
  );
}

export function MembershipCard({ farm }: { farm: FarmSettings }) {
  const { isPaidMember, monthlyFee, signupFee } = farm.membership;
  return (
    <Card>
      <CardHeader className="op-card-head">
        <div>
          <CardTitle>Membership</CardTitle>
          <CardDescription>
            {isPaidMember
              ? `Paid member: ${money(monthlyFee)} a month.`
              : `Free listing. Paid members pay ${money(monthlyFee)} a month after a ${money(signupFee)} signup fee.`}
          </CardDescription>
        </div>
        <Badge variant={isPaidMember ? 'green' : 'secondary'}>{isPaidMember ? 'Paid member' : 'Free'}</Badge>
      </CardHeader>
      <CardContent>
        <Link to="/dashboard" className="op-link">
          Membership and payments on your dashboard
        </Link>
      </CardContent>
    </Card>
  );
}
