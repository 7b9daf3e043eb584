/**
 * One push provider per server (docs/spec.md §1: push from a push service): the self-hosted Web Push by default,
 * OneSignal when the server is configured for it. The rest of the app only sees this interface.
 */
export interface PushProvider {
  /** docs/spec.md §4: the push's user (external user id = userId as a string) is set on login… */
  login(userId: number): Promise<void>;
  /** …and removed when there is no user. */
  logout(): Promise<void>;
  /** docs/spec.md §6: push permission is requested via the provider; this device then receives pushes. */
  enable(): Promise<void>;
  disable(): Promise<void>;
  isSubscribed(): Promise<boolean>;
}
