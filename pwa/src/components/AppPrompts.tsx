// The app's own prompts at the foot of the screen: a new version to reload into, and installing the app
// where the browser offers it. Loaded after the page, so they never weigh on its first paint.
import { useEffect, useState } from 'react';
import { errorMessage } from '../api/request.ts';
import { promptInstall, useInstallAvailable } from '../lib/installPrompt.ts';
import { useOnlineStatus } from '../lib/online.ts';
import { keepSendingPendingOrders, type SendOutcome, usePendingOrders } from '../lib/pendingOrders.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { Button } from './ui/button.tsx';
import { toast } from './ui/toast.tsx';

const DISMISSED_KEY = 'printfarm.install-dismissed';

function InstallPrompt() {
  const available = useInstallAvailable();
  const [dismissed, setDismissed] = useState(() => {
    try {
      return window.localStorage.getItem(DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  if (!available || dismissed) return null;
  const notNow = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: the prompt stays away for this visit only.
    }
  };
  return (
    <section className="update-prompt" aria-label="Install the app">
      <p className="update-prompt__text">Add PrintFarm to your home screen to follow your requests.</p>
      <div className="update-prompt__actions">
        <Button size="sm" onClick={() => void promptInstall()}>
          Install app
        </Button>
        <Button size="sm" variant="ghost" onClick={notNow}>
          Not now
        </Button>
      </div>
    </section>
  );
}

function announce(outcome: SendOutcome): void {
  const store = outcome.pending.storeDisplayName;
  if (outcome.kind === 'placed') {
    toast({
      title: 'Order placed successfully!',
      description: `You are back online, so your order from ${store} went through. You will receive a confirmation email shortly.`,
    });
  } else {
    toast({
      title: `Your order from ${store} was not placed`,
      description: `${errorMessage(outcome.error)} Your cart is as you left it.`,
      variant: 'destructive',
    });
  }
}

/** Checkouts made offline: says they are waiting, and sends them once the connection is back. */
function PendingOrders() {
  const pending = usePendingOrders();
  const online = useOnlineStatus();
  const waiting = pending.length > 0;
  useEffect(() => (online && waiting ? keepSendingPendingOrders(announce) : undefined), [online, waiting]);
  if (pending.length === 0) return null;
  const stores = [...new Set(pending.map((order) => order.storeDisplayName))].join(', ');
  return (
    <section className="update-prompt" role="status" aria-label="Orders waiting to be sent">
      <p className="update-prompt__text">
        {pending.length === 1 ? 'Your order' : `${pending.length} orders`} from {stores}{' '}
        {online ? 'is being placed…' : 'will be placed as soon as you are back online.'}
      </p>
    </section>
  );
}

export default function AppPrompts() {
  return (
    <div className="app-prompts">
      <PendingOrders />
      <UpdatePrompt />
      <InstallPrompt />
    </div>
  );
}
