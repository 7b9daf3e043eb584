import { CAPTURE_MSG, type CaptureArticle, minimumInBase, type Supplier } from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { loadArticleFacts, searchSuppliers } from './article-facts.repository';
import type { CapturePolicy } from './capture-policy';
import { defaultUnit } from './rules/default-unit';

type Session = Pick<AuthContext, 'userId' | 'firmaId' | 'vkforgId'>;

/** The article capture screen's facts for one article, with the unit a new line starts in (line-rules.ts). */
export async function getCaptureArticle(
  db: Db,
  session: Session,
  policy: CapturePolicy,
  articleId: number,
): Promise<CaptureArticle> {
  const facts = (await loadArticleFacts(db, session, [articleId])).get(articleId);
  if (!facts) throw notFound(CAPTURE_MSG.unknownArticle);
  const units = [...facts.units].map(([unit, factor]) => ({ unit, factor })).sort((a, b) => a.factor - b.factor);
  const supplier = facts.mainSupplier;
  return {
    idartstamm: facts.id,
    number: facts.number,
    designation1: facts.designation,
    designation2: facts.designation2 ?? '',
    baseUnit: facts.baseUnit,
    units,
    defaultUnit: defaultUnit(policy.info, facts),
    supplier: supplier && {
      id: supplier.id,
      name: supplier.name,
      minimum: minimumInBase(supplier),
      orderUnit: supplier.orderUnit,
      orderFactor: supplier.orderFactor,
    },
    supplierIds: [...facts.supplierIds].sort((a, b) => a - b),
    proposal: null,
    ...(await policy.articleExtras?.(db, session, articleId)),
  };
}

export const findSuppliers = (db: Db, session: Session, q: string): Promise<Supplier[]> =>
  searchSuppliers(db, session.firmaId, q);
