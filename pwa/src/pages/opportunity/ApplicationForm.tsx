// The operator application (operator-side sections 2.8 and 5): the same valibot schema as the server;
// the terms box must be ticked and is never sent.
import {
  type ApplicationFormInput,
  applicationFormSchema,
  EXPERIENCE_LEVELS,
  INVESTMENT_TIMELINES,
} from '@printfarm/domain/application';
import { useSubmitApplication } from '../../api/applications.ts';
import { ApiError } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';
import { EXPERIENCE_LABELS, INVESTMENT_LABELS } from './labels.ts';

const SUBMIT_FALLBACK = 'There was an error submitting your application. Please try again.';

/** What the form holds while being filled in: selects start empty, terms starts unticked. */
interface ApplicationFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  experience: string;
  workspace: string;
  investment: string;
  notes: string;
  terms: boolean;
}

const EMPTY_FORM: ApplicationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  city: '',
  state: '',
  experience: '',
  workspace: '',
  investment: '',
  notes: '',
  terms: false,
};

const EXPERIENCE_OPTIONS = EXPERIENCE_LEVELS.map((value) => ({ value, label: EXPERIENCE_LABELS[value] }));
const INVESTMENT_OPTIONS = INVESTMENT_TIMELINES.map((value) => ({ value, label: INVESTMENT_LABELS[value] }));

export function ApplicationForm() {
  const submitApplication = useSubmitApplication();
  const {
    register,
    handleSubmit,
    reset,
    applyServerErrors,
    formState: { errors },
  } = useDomainForm(applicationFormSchema, {
    defaultValues: EMPTY_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const onSubmit = handleSubmit(({ terms: _terms, ...application }) => {
    submitApplication.mutate(application satisfies Omit<ApplicationFormInput, 'terms'>, {
      onSuccess: () => {
        toast({
          title: 'Application Submitted Successfully!',
          description: "We'll be in touch within 48 hours to discuss your territory and next steps.",
        });
        reset(EMPTY_FORM);
      },
      onError: (error) =>
        applyServerErrors(error, {
          toast: {
            title: 'Submission Failed',
            description: (error) =>
              (error instanceof ApiError ? error.body?.message : undefined) || SUBMIT_FALLBACK,
          },
        }),
    });
  });

  return (
    <form className="opp-form" onSubmit={onSubmit} noValidate aria-label="Operator application">
      <div className="opp-form__grid">
        <FormField label="First Name" required error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField label="Last Name" required error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Phone" required error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" placeholder="(555) 123-4567" {...register('phone')} />
        </FormField>
        <FormField label="City" required error={errors.city?.message}>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label="State" required error={errors.state?.message}>
          <Select placeholder="Select your state" options={US_STATE_OPTIONS} {...register('state')} />
        </FormField>
        <FormField label="3D Printing Experience" error={errors.experience?.message}>
          <Select
            placeholder="Select your experience level"
            options={EXPERIENCE_OPTIONS}
            {...register('experience')}
          />
        </FormField>
        <FormField label="Investment Timeline" error={errors.investment?.message}>
          <Select
            placeholder="When could you start?"
            options={INVESTMENT_OPTIONS}
            {...register('investment')}
          />
        </FormField>
      </div>
      <FormField
        label="Workspace"
        hint="Garage, basement, spare room... roughly how much space?"
        error={errors.workspace?.message}
      >
        <Input {...register('workspace')} />
      </FormField>
      <FormField label="Anything else we should know?" error={errors.notes?.message}>
        <Textarea rows={4} {...register('notes')} />
      </FormField>
      <CheckboxField
        label={
          <>
            I agree to the terms and understand that earnings are not guaranteed and results vary (see the{' '}
            <a href="/earnings-disclaimer" target="_blank" rel="noreferrer">
              earnings disclaimer
            </a>
            ).
          </>
        }
        error={errors.terms?.message}
        {...register('terms')}
      />
      <Button type="submit" size="lg" loading={submitApplication.isPending} className="opp-form__submit">
        {submitApplication.isPending ? 'Submitting...' : 'Submit Application'}
      </Button>
      <p className="opp-form__note">We review every application within 48 hours.</p>
    </form>
  );
}
