// The desktop app's notification for new alerts: when a workspace's unread count rises, the
// newest unread alert is said in a system notification (browser mode has the sidebar's badge
// only). A click brings the window forward. Nothing in it but what the inbox shows.
import { alertKindLabels, type AlertsState } from '@shared/alerts';
import { networkLabels, plural } from '@shared/format';
import type { Network } from '@shared/reports';
import type { EventBus } from '../kernel/eventBus';
import type { MainServices } from '../app/mainServices';

export interface NotificationLike {
  show(): void;
  on(event: 'click', listener: () => void): unknown;
}

export interface NotificationApi {
  isSupported(): boolean;
  create(options: { title: string; body: string }): NotificationLike;
}

export function notifyNewAlerts(events: EventBus, services: MainServices, notifications: NotificationApi, focus: () => void): () => void {
  const lastUnread = new Map<string, number>();
  return events.subscribe((event) => {
    if (event.name !== 'alerts:changed') return;
    const { workspace, unread } = event.payload as AlertsState;
    const before = lastUnread.get(workspace) ?? 0;
    lastUnread.set(workspace, unread);
    if (unread <= before || !notifications.isSupported() || services.activeId !== workspace) return;
    const newest = services.active().alerts.list({ unreadOnly: true, limit: 1 })[0];
    if (!newest) return;
    const more = unread - before > 1 ? ` (${plural(unread - before, 'new alert')})` : '';
    const who = `${newest.title ?? newest.accountKey} (${networkLabels[newest.network as Network]})`;
    const notification = notifications.create({
      title: `${alertKindLabels[newest.kind]}${more}`,
      body: `${who}${newest.watchlistName ? ` · ${newest.watchlistName}` : ''}. Open Tracking in Scout to see the evidence.`,
    });
    notification.on('click', focus);
    notification.show();
  });
}
