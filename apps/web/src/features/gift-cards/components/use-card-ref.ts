import { useSearchParams } from 'react-router';
import { useCardTypes } from '../api/card-types';
import { readCard } from '../model/card-link';

/** The card named in the URL and its type's details (name, limits), once the types are loaded. */
export function useCardRef() {
  const [params] = useSearchParams();
  const card = readCard(params);
  const types = useCardTypes();
  const typeInfo = types.data?.find((x) => x.type === card?.type);
  return { card, typeInfo, types };
}
