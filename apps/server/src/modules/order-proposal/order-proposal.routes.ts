import { orderProposalModule, orderProposalSchema, proposalParamsSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { getProposal } from './order-proposal.service';

/** Mounted by the capture engine at /api/v1/captures/order-proposal, behind the module's permission. */
export const orderProposalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/proposal/:articleId',
    {
      config: { access: { anyPermission: [orderProposalModule.permission] } },
      schema: { tags: ['captures'], params: proposalParamsSchema, response: { 200: orderProposalSchema } },
    },
    async (request) => getProposal(app.database.db, requireAuth(request), request.params.articleId),
  );
};
