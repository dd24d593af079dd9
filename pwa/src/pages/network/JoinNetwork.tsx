// The Print Farm Network page's Join tab: the signup form with the network's benefits and first steps.
import { lazy, Suspense } from 'react';
import { Card, CardContent, TitledCard } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

// The signup form (react-hook-form, valibot, the printer catalogue) is the Join tab's alone: the Explore
// tab, which most visitors see, does not download it. Pointing at a way to the Join tab fetches it.
const loadSignupForm = () => import('./FarmSignupForm.tsx');
const FarmSignupForm = lazy(() => loadSignupForm().then((module) => ({ default: module.FarmSignupForm })));
export const preloadSignupForm = () => void loadSignupForm().catch(() => {});

const BENEFITS = [
  [
    'Receive custom print orders automatically',
    'Jobs from customers near you are routed straight to your farm.',
  ],
  ['Set your own pricing and availability', 'You decide what you charge and when you take on work.'],
  ['Quality scoring and feedback system', 'Great work earns a higher score and more orders.'],
  ['Optional custom ordering page', 'Get your own page where customers can order from you directly.'],
] as const;

const STEPS = [
  ['Complete the form', 'Tell us about your farm, where it is and the printers you run.'],
  ['Your farm appears on the map', 'Customers and the network can find you right away.'],
  ['Start fulfilling orders', 'Accept print jobs that match your printers and capacity.'],
  ['Build a reputation', 'Deliver quality parts on time and grow with the network.'],
] as const;

/** Each point's title in bold, and a line on it. */
function Points({ points }: { points: readonly (readonly [string, string])[] }) {
  return points.map(([title, text]) => (
    <li key={title}>
      <strong>{title}</strong>
      <span>{text}</span>
    </li>
  ));
}

export function JoinNetwork({ onRegistered }: { onRegistered: () => void }) {
  return (
    <>
      <div className="network-join__intro">
        <h2 className="network-join__heading">Register Your Print Farm</h2>
        <p>Join the network in a few minutes. Your farm appears on the map as soon as we locate it.</p>
      </div>
      <div className="network-join__layout">
        <Card>
          <CardContent>
            <Suspense fallback={<Skeleton className="network-join__form-loading" />}>
              <FarmSignupForm onRegistered={onRegistered} />
            </Suspense>
          </CardContent>
        </Card>
        <aside className="network-join__aside">
          <TitledCard title="Network Benefits">
            <ul className="network-list network-list--check">
              <Points points={BENEFITS} />
            </ul>
          </TitledCard>
          <TitledCard title="Getting Started">
            <ol className="network-list network-list--steps">
              <Points points={STEPS} />
            </ol>
          </TitledCard>
        </aside>
      </div>
    </>
  );
}
