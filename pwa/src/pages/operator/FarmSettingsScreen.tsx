// /operator/settings: the farm's scorecard, then what the operator sets (availability with the pause
// switch, pricing, public profile, the custom ordering page) saved together, and the membership.
import { farmSettingsSchema } from '@printfarm/domain/farmSettings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type FarmSettingsAnswer,
  operatorKeys,
  operatorQueries,
  useSaveFarmSettings,
} from '../../api/operator.ts';
import { errorMessage } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { cx } from '../../lib/cx.ts';
import { FarmPicker } from './FarmPicker.tsx';
import { FARM_PARAM, type OperatorFarms } from './farmContext.ts';
import { ScreenHeader } from './ScreenHeader.tsx';
import {
  AvailabilityCard,
  MembershipCard,
  OrderingPageCard,
  PricingCard,
  ProfileCard,
  ScorecardCard,
} from './SettingsCards.tsx';
import { checkedValues, formField, settingsInput, settingsValues } from './settingsForm.ts';
import './settings.css';

/** Everything the operator sets, saved together: PUT replaces the whole settings. */
function SettingsForm({ answer }: { answer: FarmSettingsAnswer }) {
  const farm = answer.farm;
  const save = useSaveFarmSettings(farm.id, toastOnFailure('Could not save your farm settings'));
  const form = useDomainForm(farmSettingsSchema, {
    defaultValues: settingsValues(farm),
    send: checkedValues,
  });
  const { isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const { input, rows } = settingsInput(values);
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(settingsValues(saved.farm));
        toast({
          title: 'Settings saved',
          description: saved.farm.isPaused
            ? 'Your farm is paused: it gets no new offers or jobs.'
            : 'Your farm takes new jobs with these settings.',
        });
      },
      onError: (error) =>
        form.applyServerErrors(error, { fields: (path) => formField(path, rows), focus: true }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="op-settings" aria-label="Farm settings">
      <AvailabilityCard form={form} farm={farm} />
      <PricingCard form={form} />
      <ProfileCard form={form} />
      <OrderingPageCard form={form} farm={farm} />
      <div className={cx('op-savebar', isDirty && 'op-savebar--dirty')}>
        <p className="op-savebar__text">{isDirty ? 'You have unsaved changes.' : 'All changes saved.'}</p>
        <div className="op-savebar__buttons">
          {isDirty && (
            <Button variant="outline" onClick={() => form.reset()} disabled={save.isPending}>
              Discard
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </div>
      </div>
    </form>
  );
}

export default function FarmSettingsScreen({ farms }: { farms: OperatorFarms }) {
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const needsFarm = farms.isStaff && !farms.farmId;
  const settings = useQuery({ ...operatorQueries.farm(farms.farmId), enabled: !needsFarm });
  const shownId = settings.data?.farm.id;

  // An operator's first farm is whichever the server names; keep it in the URL so it stays the one shown.
  useEffect(() => {
    if (farms.farmId || !shownId || !settings.data) return;
    queryClient.setQueryData(operatorKeys.farm(shownId), settings.data);
    setSearchParams(
      (params) => {
        params.set(FARM_PARAM, shownId);
        return params;
      },
      { replace: true },
    );
  }, [farms.farmId, shownId, settings.data, queryClient, setSearchParams]);

  const farm = settings.data?.farm;
  return (
    <div className="op-screen">
      <title>Farm settings · PrintFarm Network</title>
      <ScreenHeader
        title="Farm settings"
        lead={
          farm ? `${farm.displayName} · ${farm.city}, ${farm.state}` : 'Prices, availability and profile.'
        }
      >
        <FarmPicker farms={farms} value={farms.farmId ?? shownId ?? null} />
      </ScreenHeader>
      {needsFarm ? (
        <p className="op-empty">Choose a farm to see its settings.</p>
      ) : settings.isPending ? (
        <div className="op-settings" aria-busy="true">
          <Skeleton className="op-job-skeleton op-job-skeleton--tall" />
        </div>
      ) : settings.isError ? (
        <p className="op-error">{errorMessage(settings.error)}</p>
      ) : (
        <>
          {settings.data.farm.isPaused && (
            <p className="op-banner" role="status">
              This farm is paused: it gets no new offers or jobs until you switch Pause off and save.
            </p>
          )}
          <ScorecardCard farm={settings.data.farm} />
          <SettingsForm key={settings.data.farm.id} answer={settings.data} />
          <MembershipCard farm={settings.data.farm} />
        </>
      )}
    </div>
  );
}
