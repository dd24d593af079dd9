// 'Place the order': the offer's terms and the address the farm ships to, prefilled from the address
// saved on the request or the account's default, and checked with the schema the server checks with.
import { formatUsd } from '@printfarm/domain/money';
import { acceptOfferSchema, type ShipToAddressInput } from '@printfarm/domain/printRequest';
import { toUsStateCode } from '@printfarm/domain/usStates';
import { useQuery } from '@tanstack/react-query';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { type OfferView, type PrintRequestDetail, useAcceptOffer } from '../../api/printRequests.ts';
import { type Profile, profileQueries } from '../../api/profile.ts';
import { awaitsAnswer } from '../../components/findings/Findings.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { AddressFields } from '../../components/ui/addressFields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { day, money, partCount, parts } from './format.ts';
import { PAYMENT_ANCHOR, stillOwed } from './paymentWords.ts';

type ShipToValues = Required<{ [K in keyof ShipToAddressInput]: string }>;

interface AcceptValues {
  shippingAddress: ShipToValues;
  printAsIs: boolean;
}

/** The request's own address first (given before), else the account's default, named after its holder. */
function prefill(request: PrintRequestDetail, profile: Profile | undefined): AcceptValues {
  const saved = request.shippingAddress ?? profile?.defaultShippingAddress ?? null;
  const holder = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  const name = request.shippingAddress?.name ?? holder;
  return {
    shippingAddress: {
      name,
      street: saved?.street ?? '',
      city: saved?.city ?? request.shipTo?.city ?? '',
      state: toUsStateCode(saved?.state ?? request.shipTo?.state ?? '') ?? '',
      zipCode: saved?.zipCode ?? request.shipToZip ?? '',
      country: saved?.country ?? 'US',
      phone: request.shippingAddress?.phone ?? '',
    },
    printAsIs: false,
  };
}

export interface AcceptDialogProps {
  request: PrintRequestDetail;
  offer: OfferView;
  where: string | null;
  onClose: () => void;
}

export function AcceptDialog(props: AcceptDialogProps) {
  // The form waits for the profile so its default address is in the fields from the first paint.
  const profile = useQuery({ ...profileQueries.profile(), staleTime: 60_000 });
  if (profile.isPending) return null;
  return <AcceptForm {...props} profile={profile.data} />;
}

function AcceptForm({ request, offer, where, onClose, profile }: AcceptDialogProps & { profile?: Profile }) {
  const accept = useAcceptOffer(request.id, toastOnFailure('Could not place the order'));
  const navigate = useNavigate();
  const unanswered = request.files.filter(awaitsAnswer);
  const {
    register,
    field,
    handleSubmit,
    applyServerErrors,
    setError,
    formState: { errors },
  } = useDomainForm(acceptOfferSchema, {
    defaultValues: prefill(request, profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const _address: FieldErrors<ShipToValues> = errors.shippingAddress ?? {};

  const placeOrder = handleSubmit((input) => {
    if (unanswered.length > 0 && !input.printAsIs) {
      setError('printAsIs', { message: 'Choose to print as is, or keep looking and upload a fixed file' });
      return;
    }
    accept.mutate(
      {
        offerId: offer.id,
        price: offer.price,
        shippingAddress: input.shippingAddress,
        printAsIs: unanswered.length > 0,
      },
      {
        onSuccess: (ordered) => {
          onClose();
          const owed = ordered.payment?.status === 'awaiting' ? stillOwed(ordered.payment) : 0;
          toast({
            title: 'Order placed',
            description:
              owed > 0
                ? `Pay ${formatUsd(owed)} to send it to ${offer.farmName}: how to pay is below.`
                : `Sent to ${offer.farmName}. We e-mail you when they accept.`,
          });
          // The page brings the pay step into view and focuses it (see RequestPage) once it shows.
          if (ordered.payment) navigate(PAYMENT_ANCHOR, { replace: true });
          else window.scrollTo({ top: 0, behavior: 'smooth' });
        },
        onError: (error) => applyServerErrors(error, { focus: true }),
      },
    );
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !accept.isPending && onClose()}
      title={`Order from ${offer.farmName}?`}
      description={`${money(offer.price)} for ${parts(partCount(request))}, shipped to ${where ?? 'you'}, ready by ${day(offer.readyBy, true)}.`}
      size="md"
      dismissible={!accept.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={accept.isPending}>
            Keep looking
          </Button>
          <Button type="submit" form="accept-offer-form" loading={accept.isPending}>
            Place order
          </Button>
        </>
      }
    >
      <form id="accept-offer-form" className="accept-dialog" onSubmit={placeOrder} noValidate>
        {offer.kind === 'estimate' && (
          <p className="accept-dialog__note">
            This price is an estimate ({offer.estimateReason ?? 'priced from the geometry'}). The farm
            confirms it or proposes new terms, which you can accept or refuse.
          </p>
        )}
        <fieldset className="ship-to">
          <legend className="ship-to__legend">Ship to</legend>
          <TextField
            label="Full name"
            required
            {...field('shippingAddress.name')}
            autoComplete="shipping name"
          />
          <AddressFields
            field={field}
            streetLabel="Street address"
            statePlaceholder="Select state"
            gridClassName="ship-to__grid"
            zipCode={{
              label: 'ZIP code',
              hint: `Prices include shipping to ${request.shipToZip ?? 'this ZIP'}`,
              inputMode: 'numeric',
            }}
            moreFields={() => (
              <TextField
                label="Phone (optional)"
                hint="For the carrier"
                {...field('shippingAddress.phone')}
                autoComplete="shipping tel"
                type="tel"
              />
            )}
          />
        </fieldset>
        {unanswered.length > 0 && (
          <div className="accept-dialog__warnings">
            <p>
              {unanswered.map((file) => file.fileName).join(', ')} {unanswered.length === 1 ? 'has' : 'have'}{' '}
              printability warnings (see Files).
            </p>
            <CheckboxField
              label={`Print ${unanswered.length === 1 ? 'it' : 'them'} as ${unanswered.length === 1 ? 'it is' : 'they are'}`}
              error={errors.printAsIs?.message}
              {...register('printAsIs')}
            />
          </div>
        )}
        <p className="accept-dialog__after">
          Next you pay {money(offer.price)}: the order goes to {offer.farmName} once your payment arrives.
          They have a short time to accept. If they decline or do not answer in time, we send your order to
          the next best offer and e-mail you.
        </p>
      </form>
    </Dialog>
  );
}
