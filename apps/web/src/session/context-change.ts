import type { ContextChange, UserContext } from '@mde/contracts';

/** docs/spec.md §4: the patched context is compared with the stored one; an equal one changes nothing (null). */
export function contextPatch(current: UserContext, change: ContextChange): ContextChange | null {
  const patch: ContextChange = {};
  if (change.accountid !== undefined && change.accountid !== current.accountid) patch.accountid = change.accountid;
  if (change.vkforgid !== undefined && change.vkforgid !== current.vkforgid) patch.vkforgid = change.vkforgid;
  if (change.firmaid !== undefined && change.firmaid !== current.firmaid) patch.firmaid = change.firmaid;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** docs/spec.md §6: a picker is clickable only with more than one choice. */
export const isPickable = (choices: readonly unknown[] | undefined) => (choices?.length ?? 0) > 1;
