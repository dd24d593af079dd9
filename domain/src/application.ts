import * as v from 'valibot';
import {
  emailAddress,
  formObject,
  optionalChoice,
  optionalText,
  requiredText,
  stateCode,
  textOfAtLeast,
} from './fields.ts';

export const EXPERIENCE_LEVELS = ['none', 'beginner', 'intermediate'] as const;
export const INVESTMENT_TIMELINES = ['immediate', '30days', '60days', 'considering'] as const;
export const APPLICATION_STATUSES = ['New', 'Contacted', 'Demo', 'Won', 'Lost'] as const;
export const DEFAULT_APPLICATION_STATUS = 'New';

export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type InvestmentTimeline = (typeof INVESTMENT_TIMELINES)[number];
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const applicationEntries = {
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailAddress('Valid email is required'),
  phone: textOfAtLeast(10, 'Valid phone number is required', 30),
  city: requiredText('City is required', 100),
  state: stateCode('State is required'),
  experience: optionalChoice(EXPERIENCE_LEVELS, 'Choose an experience level'),
  workspace: optionalText(2000),
  investment: optionalChoice(INVESTMENT_TIMELINES, 'Choose an investment timeline'),
  notes: optionalText(5000),
};

/** The body of POST /api/applications: the form without its terms box. */
export const applicationSchema = formObject(applicationEntries);

/** The operator application form on the landing page. */
export const applicationFormSchema = formObject({
  ...applicationEntries,
  terms: v.literal(true, 'You must agree to the terms'),
});

/** PATCH /api/applications/{id}: staff may set any status from any status. */
export const applicationUpdateSchema = formObject({
  status: v.picklist(APPLICATION_STATUSES, 'Choose a status'),
  notes: optionalText(5000),
});

export type ApplicationInput = v.InferInput<typeof applicationSchema>;
export type Application = v.InferOutput<typeof applicationSchema>;
export type ApplicationFormInput = v.InferInput<typeof applicationFormSchema>;
export type ApplicationUpdate = v.InferOutput<typeof applicationUpdateSchema>;
