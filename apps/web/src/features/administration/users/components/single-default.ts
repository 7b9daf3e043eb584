// The default store and account of a user are one of their stores and accounts: with a single one chosen it is
// the default by itself (nothing to pick at 360 px), and a default no longer among them is cleared.

interface Choices {
  vkforgIds: number[];
  vkforgId: number | null;
  accountIds: number[];
  accountId: number | null;
}

const defaultOf = (ids: number[], current: number | null) => {
  if (ids.length === 1) return ids[0] ?? null;
  return current !== null && ids.includes(current) ? current : null;
};

export function withSingleDefault<T extends Choices>(draft: T): T {
  return {
    ...draft,
    vkforgId: defaultOf(draft.vkforgIds, draft.vkforgId),
    accountId: defaultOf(draft.accountIds, draft.accountId),
  };
}
