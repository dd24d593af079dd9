// 'Membership & Payment Information' (spec section 9), with the fees staff set in platform settings
// (GET /api/membership). An operator sees each of their farms: paid member or free, what it owes (its
// open invoices and their references) and the next due date. A customer without a farm sees it as what
// it is, an offer for print-farm members, folded away.
import { formatUsd, parseCents } from '@printfarm/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { type Membership, membershipQueries } from '../../api/membership.ts';
import { errorMessage } from '../../api/request.ts';
import { CardIcon } from '../../components/dashboard/icons.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { dueDay, MembershipInvoices } from './MembershipInvoices.tsx';

const usd = (amount: string) => formatUsd(parseCents(amount) ?? 0);

function Fees({ membership }: { membership: Membership }) {
  return (
    <div className="membership-card__fees">
      <div className="membership-card__fee">
        <p className="membership-card__amount">{usd(membership.monthlyFee)}</p>
        <p className="membership-card__label">Monthly membership</p>
        <p className="membership-card__hint">Due on the 1st of each month</p>
      </div>
      <div className="membership-card__fee">
        <p className="membership-card__amount">{usd(membership.signupFee)}</p>
        <p className="membership-card__label">One-time signup fee</p>
        <p className="membership-card__hint">Paid once when you join</p>
      </div>
    </div>
  );
}

function PaymentOptions({ membership }: { membership: Membership }) {
  return (
    <>
      <h4 className="membership-card__heading">Payment options</h4>
      <ul className="membership-card__options">
        <li>
          <strong>Bank transfer (ACH)</strong> — processing takes 1-2 business days.
        </li>
        <li>
          <strong>Peer-to-peer payment app</strong> — instant.
        </li>
      </ul>
      {membership.paymentInstructions && (
        <p className="membership-card__instructions">{membership.paymentInstructions}</p>
      )}
      <p className="membership-card__note">
        Include your full name and e-mail address with every payment so we can match it to your account.
        {!membership.paymentInstructions && ' Contact Support for payment instructions.'}
      </p>
    </>
  );
}

function FarmMemberships({ membership }: { membership: Membership }) {
  return (
    <ul className="membership-farms">
      {membership.farms.map((farm) => (
        <li key={farm.id} className="membership-farm">
          <div className="membership-farm__name">
            <strong>{farm.name}</strong>
            <Badge variant={farm.isPaidMember ? 'green' : 'secondary'}>
              {farm.isPaidMember ? 'Paid' : 'Free'}
            </Badge>
          </div>
          <p className="membership-farm__terms">
            {farm.isPaidMember && farm.nextDueDate
              ? `Paid member: ${usd(farm.monthlyFee)} next due ${dueDay(farm.nextDueDate)}`
              : `Free listing, no fees: paid members pay ${usd(farm.monthlyFee)} a month after a ${usd(farm.signupFee)} signup fee`}
          </p>
          <MembershipInvoices farm={farm} />
        </li>
      ))}
    </ul>
  );
}

export function MembershipCard() {
  const membership = useQuery({ ...membershipQueries.membership(), staleTime: 0 });
  const data = membership.data;
  const isOperator = (data?.farms.length ?? 0) > 0;

  if (membership.isPending) {
    return (
      <Card className="membership-card" aria-busy="true">
        <CardContent className="membership-card__loading">
          <Skeleton className="membership-card__skeleton" />
        </CardContent>
      </Card>
    );
  }

  if (data && !isOperator) {
    return (
      <Card className="membership-card membership-card--prospect">
        <CardHeader>
          <CardTitle className="dash-card-title">
            <CardIcon /> For print farm members
          </CardTitle>
          <CardDescription>
            Own 3D printers? Farms in our network receive orders like yours.{' '}
            <Link to="/opportunity">Learn how to join</Link>.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <details className="membership-card__details">
            <summary>Membership &amp; Payment Information</summary>
            <Fees membership={data} />
            <PaymentOptions membership={data} />
          </details>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="membership-card">
      <CardHeader>
        <CardTitle className="dash-card-title">
          <CardIcon /> Membership &amp; Payment Information
        </CardTitle>
        <CardDescription>Your print farm’s network membership and how to pay it.</CardDescription>
      </CardHeader>
      <CardContent>
        {membership.isError && (
          <p className="dash-error" role="alert">
            {errorMessage(membership.error)}
          </p>
        )}
        {data && (
          <>
            <FarmMemberships membership={data} />
            <Fees membership={data} />
            <PaymentOptions membership={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
