/**
 * How pushes are queued in this process: one job per browser subscription (Web Push, the default) or one
 * per user (OneSignal keeps the user's devices itself). Set once at start from the configuration; every
 * instance of a deployment has the same configuration.
 */
let perUser = false;

export const setPushAddressedPerUser = (value: boolean) => {
  perUser = value;
};
export const pushAddressedPerUser = () => perUser;
