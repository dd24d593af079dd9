// Farm registration (the Join tab): the same valibot schema as the server, so the messages match.
import { type FarmSignup, farmSignupSchema } from '@printfarm/domain/farmSignup';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch } from 'react-hook-form';
import { printFarmQueries, useFarmSignup } from '../../api/printFarms.ts';
import { errorMessage } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useProblemToast } from '../../lib/useProblemToast.ts';
import { CompanyContactSection, LocationSection, OnlinePresenceSection } from './FarmDetailsSections.tsx';
import { EMPTY_FORM } from './farmSignupValues.ts';
import { PrinterInventorySection } from './PrinterInventorySection.tsx';

/** The form, or the reason it is closed when staff stopped accepting new farms. */
export function FarmSignupForm({ onRegistered }: { onRegistered: () => void }) {
  const status = useQuery(printFarmQueries.signupStatus());
  if (status.data && !status.data.accepting) {
    return (
      <div className="signup-closed" role="status">
        <h3>Signups are closed for now</h3>
        <p>{status.data.message}</p>
      </div>
    );
  }
  return <OpenSignupForm onRegistered={onRegistered} />;
}

function OpenSignupForm({ onRegistered }: { onRegistered: () => void }) {
  const signup = useFarmSignup();
  const form = useDomainForm(farmSignupSchema, {
    defaultValues: EMPTY_FORM,
  });
  const { control, applyServerErrors, handleSubmit, reset } = form;
  const inventory = useFieldArray({ control, name: 'printerInventory' });
  const rows = useWatch({ control, name: 'printerInventory' }) ?? [];
  const streetName = useWatch({ control, name: 'streetName' });
  const totalPrinters = rows.reduce(
    (sum, row) => sum + (Number.isFinite(row?.count) ? Number(row.count) : 0),
    0,
  );

  const reportNoPrinters = useProblemToast(inventory.fields.length > 0);
  const warnIfNoPrinters = (values: { printerInventory?: unknown[] }) => {
    if ((values.printerInventory ?? []).length > 0) return false;
    reportNoPrinters({
      title: 'Error',
      description: 'Please add at least one printer to your inventory.',
      variant: 'destructive',
    });
    return true;
  };

  const onValid = (values: FarmSignup) => {
    if (warnIfNoPrinters(values)) return;
    signup.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Success!', description: 'Your print farm has been registered successfully.' });
        reset(EMPTY_FORM);
        onRegistered();
      },
      onError: (error) =>
        applyServerErrors(error, {
          toast: {
            title: 'Error',
            description: (error) => errorMessage(error, 'Failed to register print farm. Please try again.'),
          },
        }),
    });
  };

  const onInvalid = () => warnIfNoPrinters(form.getValues());

  return (
    <form className="signup-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <CompanyContactSection form={form} />

      <LocationSection form={form} streetName={streetName} />

      <PrinterInventorySection form={form} inventory={inventory} rows={rows} totalPrinters={totalPrinters} />

      <OnlinePresenceSection form={form} />

      <Button type="submit" size="lg" className="signup-form__submit" disabled={signup.isPending}>
        {signup.isPending ? 'Registering...' : 'Register Print Farm'}
      </Button>
    </form>
  );
}
