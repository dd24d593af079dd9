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
import { FormField, TextField } from '../../components/ui/form-field.tsx';
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
  const form = useDomainForm(applicationFormSchema, {
    defaultValues: EMPTY_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const onSubmit = form.handleSubmit(({ terms: _terms, ...application }) => {
    submitApplication.mutate(application satisfies Omit<ApplicationFormInput, 'terms'>, {
      onSuccess: () => {
        toast({
          title: 'Application Submitted Successfully!',
          description: "We'll be in touch within 48 hours to discuss your territory and next steps.",
        });
        form.reset(EMPTY_FORM);
      },
      onError: (error) =>
        form.applyServerErrors(error, {
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
        <TextField label="First Name" required {...form.field('firstName')} autoComplete="given-name" />
        <TextField label="Last Name" required {...form.field('lastName')} autoComplete="family-name" />
        <TextField label="Email" required {...form.field('email')} type="email" autoComplete="email" />
        <TextField
          label="Phone"
          required
          {...form.field('phone')}
          type="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
        />
        <TextField label="City" required {...form.field('city')} autoComplete="address-level2" />
        <FormField label="State" required {...form.field('state')}>
          <Select placeholder="Select your state" options={US_STATE_OPTIONS} />
        </FormField>
        <FormField label="3D Printing Experience" {...form.field('experience')}>
          <Select placeholder="Select your experience level" options={EXPERIENCE_OPTIONS} />
        </FormField>
        <FormField label="Investment Timeline" {...form.field('investment')}>
          <Select placeholder="When could you start?" options={INVESTMENT_OPTIONS} />
        </FormField>
      </div>
      <FormField
        label="Workspace"
        hint="Garage, basement, spare room... roughly how much space?"
        {...form.field('workspace')}
      >
        <Input />
      </FormField>
      <FormField label="Anything else we should know?" {...form.field('notes')}>
        <Textarea rows={4} />
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
        {...form.field('terms')}
      />
      <Button type="submit" size="lg" loading={submitApplication.isPending} className="opp-form__submit">
        {submitApplication.isPending ? 'Submitting...' : 'Submit Application'}
      </Button>
      <p className="opp-form__note">We review every application within 48 hours.</p>
    </form>
  );
}
