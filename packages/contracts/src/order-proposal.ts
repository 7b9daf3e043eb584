import { defineCaptureModule } from './capture-module';
import { idTextSchema } from './common';
import { z } from './zod';

/** Bestellvorschlag (docs/modules.md#bestellvorschlag): the server's 'Vorschlag' per article; the delivery date only when configured. */
export const orderProposalModule = defineCaptureModule({
  key: 'order-proposal',
  configName: 'mde-bestellvorschlag',
  permission: 'BESTELLVORSCHLAG',
  documentPrefix: 'BV',
  allowsZero: false,
  startsInOrderUnit: true,
  asksEdi: false,
  headerFields: ['datum'],
  hasReasons: false,
  formNeedsServerArticle: true,
});

export const proposalParamsSchema = z.strictObject({
  articleId: idTextSchema,
});

export const orderProposalSchema = z.object({
  articleId: z.number(),
  /** 'Vorschlag' in base units, a multiple of the order factor. */
  proposal: z.number(),
  /** The same in order units (proposal / factor). */
  orderUnits: z.number(),
  unit: z.string(),
  factor: z.number(),
  stock: z.number(),
  target: z.number(),
  openOrders: z.number(),
  supplierMinimum: z.number(),
});
export type OrderProposal = z.infer<typeof orderProposalSchema>;
