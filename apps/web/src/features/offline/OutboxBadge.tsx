import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { offlineText } from './offlineText.ts';
import { outboxCounts, subscribeOutbox } from './outbox.ts';

/**
 * In the header of every screen: how many sales wait on this device, and how many the server refused; a tap opens
 * the device's sales (folder/sync).
 */
export function OutboxBadge() {
  const { waiting, setAside } = useSyncExternalStore(subscribeOutbox, outboxCounts);
  if (waiting === 0 && setAside === 0) return null;
  return (
    <Link to="/folder/sync" className="outbox-badges" role="status">
      {waiting > 0 && (
        <span className="outbox-badge" data-testid="outbox-waiting" title={offlineText.waitingTitle}>
          {offlineText.waiting(waiting)}
        </span>
      )}
      {setAside > 0 && (
        <span className="outbox-badge set-aside" data-testid="outbox-set-aside" title={offlineText.setAsideTitle}>
          {offlineText.setAside(setAside)}
        </span>
      )}
    </Link>
  );
}
