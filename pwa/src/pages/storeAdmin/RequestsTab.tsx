// Requests: the custom order requests shoppers sent from the storefront, newest first, each with its
// status (New, Contacted, Quoted, Accepted, Declined) that the store changes as it answers.

import { shortId } from '@printfarm/domain/shortId';
import {
  CUSTOM_ORDER_STATUS_LABELS,
  CUSTOM_ORDER_STATUSES,
  type CustomOrderStatus,
} from '@printfarm/domain/store';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/request.ts';
import {
  type CustomOrderRequest,
  type ManagedStore,
  storeQueries,
  useSetCustomOrderStatus,
} from '../../api/stores.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { orderDate } from './orderBadge.tsx';

const STATUS_OPTIONS = CUSTOM_ORDER_STATUSES.map((status) => ({
  value: status,
  label: CUSTOM_ORDER_STATUS_LABELS[status],
}));

const BADGE: Record<CustomOrderStatus, BadgeVariant> = {
  new: 'yellow',
  contacted: 'secondary',
  quoted: 'blue',
  accepted: 'green',
  declined: 'outline',
};

const isStatus = (value: string): value is CustomOrderStatus =>
  (CUSTOM_ORDER_STATUSES as readonly string[]).includes(value);

export function RequestsTab({ store }: { store: ManagedStore }) {
  const requests = useQuery(storeQueries.customOrders(store.id));
  if (requests.isPending) return <Skeleton className="admin-order-skeleton" />;
  if (requests.isError) {
    return (
      <p className="store-admin__muted">{errorMessage(requests.error, 'Requests could not be loaded')}</p>
    );
  }
  if (requests.data.length === 0) {
    return <p className="store-admin__muted">No custom order requests yet</p>;
  }
  return (
    <section className="admin-section" aria-labelledby="requests-title">
      <h2 id="requests-title">Custom Order Requests</h2>
      <ul className="admin-orders">
        {requests.data.map((request) => (
          <RequestRow key={request.id} store={store} request={request} />
        ))}
      </ul>
    </section>
  );
}

function RequestRow({ store, request }: { store: ManagedStore; request: CustomOrderRequest }) {
  const setStatus = useSetCustomOrderStatus(store);
  const status = isStatus(request.status) ? request.status : 'new';
  const change = (next: string) => {
    if (!isStatus(next) || next === status) return;
    setStatus.mutate(
      { requestId: request.id, status: next },
      {
        onSuccess: () =>
          toast({
            title: 'Request updated',
            description: `${request.fullName}'s request is now ${CUSTOM_ORDER_STATUS_LABELS[next]}.`,
          }),
        ...toastOnFailure('Error'),
      },
    );
  };
  return (
    <li className="admin-order" aria-label={`Request from ${request.fullName}`}>
      <div className="admin-order__head">
        <div>
          <p className="admin-order__id">#{shortId(request.id)}</p>
          <p className="recent-order__name">{request.fullName}</p>
          <p className="store-admin__muted">
            <a href={`mailto:${request.email}`}>{request.email}</a>
            {request.phone ? ` · ${request.phone}` : ''}
          </p>
        </div>
        <div className="admin-order__status">
          <Badge variant={BADGE[status]}>{CUSTOM_ORDER_STATUS_LABELS[status]}</Badge>
          <span className="store-admin__muted">{orderDate(request.createdAt)}</span>
        </div>
      </div>
      <p className="admin-request__description">{request.description}</p>
      <dl className="admin-request__facts">
        <div>
          <dt>Timeline</dt>
          <dd>{request.timeline || 'Not given'}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd>{request.budget || 'Not given'}</dd>
        </div>
      </dl>
      <FormField label="Status" className="admin-request__status">
        <Select
          value={status}
          options={STATUS_OPTIONS}
          disabled={setStatus.isPending}
          onChange={(event) => change(event.target.value)}
        />
      </FormField>
    </li>
  );
}
