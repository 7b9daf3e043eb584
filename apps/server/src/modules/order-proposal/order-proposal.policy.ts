import { orderProposalModule } from '@mde/contracts';
import type { CapturePolicy } from '../captures/capture-policy';
import { orderProposalRoutes } from './order-proposal.routes';
import { getProposal } from './order-proposal.service';

/** Bestellvorschlag: each article shows the server's 'Vorschlag'; lines start in the order unit. */
export const orderProposalPolicy: CapturePolicy = {
  info: orderProposalModule,
  articleExtras: async (db, session, articleId) => ({ proposal: await getProposal(db, session, articleId) }),
  routes: orderProposalRoutes,
};
