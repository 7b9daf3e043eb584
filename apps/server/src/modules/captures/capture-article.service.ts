import { CAPTURE_MSG, type CaptureArticle, type CaptureModule, type Supplier } from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { loadArticleFacts, searchSuppliers } from './article-facts.repository';
import { getProposal } from './captures.service';
import { supplierMinimumBase } from './rules/article-facts';

type Session = Pick<AuthContext, 'userId' | 'firmaId' | 'vkforgId'>;

const ordersFromSupplier = (module: CaptureModule) => module === 'mde-bestellung' || module === 'mde-bestellvorschlag';

/** The article capture screen's facts for one article, with the unit a new line starts in (line-rules.ts). */
export async function getCaptureArticle(
  db: Db,
  session: Session,
  module: CaptureModule,
  articleId: number,
): Promise<CaptureArticle> {
  const facts = (await loadArticleFacts(db, session, [articleId])).get(articleId);
  if (!facts) throw notFound(CAPTURE_MSG.unknownArticle);
  const units = [...facts.units].map(([unit, factor]) => ({ unit, factor })).sort((a, b) => a.factor - b.factor);
  const supplier = facts.mainSupplier;
  const defaultUnit =
    ordersFromSupplier(module) && supplier && facts.units.has(supplier.orderUnit) ? supplier.orderUnit : facts.baseUnit;
  return {
    idartstamm: facts.id,
    number: facts.number,
    designation1: facts.designation,
    designation2: facts.designation2 ?? '',
    baseUnit: facts.baseUnit,
    units,
    defaultUnit,
    supplier: supplier && {
      id: supplier.id,
      name: supplier.name,
      minimum: supplierMinimumBase(supplier),
      orderUnit: supplier.orderUnit,
      orderFactor: supplier.orderFactor,
    },
    supplierIds: [...facts.supplierIds].sort((a, b) => a - b),
    proposal: module === 'mde-bestellvorschlag' ? await getProposal(db, session, articleId) : null,
  };
}

export const findSuppliers = (db: Db, session: Session, q: string): Promise<Supplier[]> =>
  searchSuppliers(db, session.firmaId, q);
