// The fields of an operator application that leave the API: the applicant's own answers for the
// submit call, plus the pipeline's enrichment for staff.
import type { Application } from '@printfarm/db';
import type { ApplicationStatus } from '@printfarm/domain/application';
import { iso } from './wire.ts';

export function presentApplication(application: Application) {
  return {
    id: application.id,
    firstName: application.firstName,
    lastName: application.lastName,
    email: application.email,
    phone: application.phone,
    city: application.city,
    state: application.state,
    experience: application.experience,
    workspace: application.workspace,
    investment: application.investment,
    notes: application.notes,
    // A text column that only the status schema's picklist writes.
    status: application.status as ApplicationStatus,
    createdAt: iso(application.createdAt),
  };
}

export function presentApplicationForStaff(application: Application) {
  return {
    ...presentApplication(application),
    updatedAt: iso(application.updatedAt),
    coordinates:
      application.latitude !== null && application.longitude !== null
        ? { lat: application.latitude, lng: application.longitude }
        : null,
    farmsWithin50Miles: application.farmsWithin50Miles,
    printersWithin50Miles: application.printersWithin50Miles,
    farmsWithin100Miles: application.farmsWithin100Miles,
    printersWithin100Miles: application.printersWithin100Miles,
    duplicateOfId: application.duplicateOfId,
    leadScore: application.leadScore,
    enrichedAt: iso(application.enrichedAt),
    followUpSentAt: iso(application.followUpSentAt),
  };
}

export type PresentedApplication = ReturnType<typeof presentApplication>;
export type StaffApplication = ReturnType<typeof presentApplicationForStaff>;
