import { useOnlineStatus } from '../lib/online.ts';

export default function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      You are offline. Pages you have visited still work; changes need a connection.
    </div>
  );
}
