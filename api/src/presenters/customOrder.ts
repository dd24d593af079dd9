// A custom order request as the store's Requests tab shows it.
import type { CustomOrderRequest } from '@printfarm/db';

export function presentCustomOrderRequest(request: CustomOrderRequest) {
  return {
    id: request.id,
    fullName: request.fullName,
    email: request.email,
    phone: request.phone,
    description: request.description,
    timeline: request.timeline,
    budget: request.budget,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

export type CustomOrderRequestView = ReturnType<typeof presentCustomOrderRequest>;
