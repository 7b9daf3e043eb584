import { notifications } from '@mantine/notifications';

// The app's messages (docs/spec.md §8): one look for success, info and error everywhere. An id shows a message
// once even when several calls report the same thing at the same time.
interface Options {
  title?: string;
  id?: string;
  /** Stays until the person closes it: news that asks for work, which a glance away must not miss. */
  stay?: boolean;
}
export const notifySuccess = (message: string, o: Options = {}) =>
  notifications.show({ color: 'green', message, ...o, autoClose: 4000 });
export const notifyInfo = (message: string, { stay, ...o }: Options = {}) =>
  notifications.show({ color: 'blue', message, ...o, autoClose: stay ? false : 6000 });
export const notifyError = (message: string, o: Options = {}) =>
  notifications.show({ color: 'red', message, ...o, autoClose: 8000 });
/** Takes a message off the screen before its time, e.g. a failed scan's error once the next scan is in. */
export const dismissNotice = (id: string) => notifications.hide(id);
