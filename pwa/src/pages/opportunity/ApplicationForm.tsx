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
import { DomainField } from '../../components/form/DomainField.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
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
        <DomainField form={form} name="firstName" label="First Name" required>
          <Input autoComplete="given-name" />
        </DomainField>
        <DomainField form={form} name="lastName" label="Last Name" required>
          <Input autoComplete="family-name" />
        </DomainField>
        <DomainField form={form} name="email" label="Email" required>
          <Input type="email" autoComplete="email" />
        </DomainField>
        <DomainField form={form} name="phone" label="Phone" required>
          <Input type="tel" autoComplete="tel" placeholder="(555) 123-4567" />
        </DomainField>
        <DomainField form={form} name="city" label="City" required>
          <Input autoComplete="address-level2" />
        </DomainField>
        <DomainField form={form} name="state" label="State" required>
          <Select placeholder="Select your state" options={US_STATE_OPTIONS} />
        </DomainField>
        <DomainField form={form} name="experience" label="3D Printing Experience">
          <Select placeholder="Select your experience level" options={EXPERIENCE_OPTIONS} />
        </DomainField>
        <DomainField form={form} name="investment" label="Investment Timeline">
          <Select placeholder="When could you start?" options={INVESTMENT_OPTIONS} />
        </DomainField>
      </div>
      <DomainField
        form={form}
        name="workspace"
        label="Workspace"
        hint="Garage, basement, spare room... roughly how much space?"
      >
        <Input />
      </DomainField>
      <DomainField form={form} name="notes" label="Anything else we should know?">
        <Textarea rows={4} />
      </DomainField>
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
        error={form.formState.errors.terms?.message}
        {...form.register('terms')}
      />
      <Button type="submit" size="lg" loading={submitApplication.isPending} className="opp-form__submit">
        {submitApplication.isPending ? 'Submitting...' : 'Submit Application'}
      </Button>
      <p className="opp-form__note">We review every application within 48 hours.</p>
    </form>
  );
}
