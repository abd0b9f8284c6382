export { mergeNotifications, type NotificationItem } from '#shared/notifications/notification-items';
