// 'Membership & Payment Information' (spec section 9): fees, due dates and payment options. The
// prototype's payment account details are deliberately not shown.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { CardIcon } from './icons.tsx';

export function MembershipCard() {
  return (
    <Card className="membership-card">
      <CardHeader>
        <CardTitle className="dash-card-title">
          <CardIcon /> Membership &amp; Payment Information
        </CardTitle>
        <CardDescription>Print farm network membership fees and how to pay them.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="membership-card__fees">
          <div className="membership-card__fee">
            <p className="membership-card__amount">$15.00</p>
            <p className="membership-card__label">Monthly membership</p>
            <p className="membership-card__hint">Due on the 1st of each month</p>
          </div>
          <div className="membership-card__fee">
            <p className="membership-card__amount">$750.00</p>
            <p className="membership-card__label">One-time signup fee</p>
            <p className="membership-card__hint">Paid once when you join</p>
          </div>
        </div>
        <h4 className="membership-card__heading">Payment options</h4>
        <ul className="membership-card__options">
          <li>
            <strong>Bank transfer (ACH)</strong> — processing takes 1-2 business days.
          </li>
          <li>
            <strong>Peer-to-peer payment app</strong> — instant.
          </li>
        </ul>
        <p className="membership-card__note">
          Include your full name and e-mail address with every payment so we can match it to your account.
          Contact Support for payment instructions.
        </p>
      </CardContent>
    </Card>
  );
}
