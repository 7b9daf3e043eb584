import { orderProposalModule } from '@mde/contracts';
import { type CaptureModuleDef, shownHeaderFields } from '../../../capture/capture-module';
import { paths } from '../../../lib/paths';

/** Bestellvorschlag (docs/modules.md#bestellvorschlag): the server's 'Vorschlag' per article; the delivery date only when configured. */
export function orderProposalDef(deliveryDateEditable: boolean): CaptureModuleDef {
  return {
    info: orderProposalModule,
    name: 'order-proposal',
    paths: paths.orderProposal,
    ...(deliveryDateEditable && { headerPath: paths.orderProposal.deliveryDate }),
    // The delivery date is asked only where the firma's config lets the user set it.
    headerFields: deliveryDateEditable ? shownHeaderFields(orderProposalModule.headerFields) : [],
    proposal: true,
  };
}
