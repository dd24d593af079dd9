// registerType 'prompt': a new service worker waits until the user chooses to reload into it.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from './ui/button.tsx';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_scriptUrl, registration) {
      // An installed app can stay open for days; look for a new version now and then.
      if (registration) window.setInterval(() => void registration.update(), UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <p className="update-prompt__text">A new version is available.</p>
      <div className="update-prompt__actions">
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
      </div>
    </div>
  );
}
