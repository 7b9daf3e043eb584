// Imported only through import() (lazy-notifications.tsx): the container leaves the entry chunk while the
// small `notifications` store stays in it.
export { Notifications } from '@mantine/notifications';
