import { isDeliveryDateEditable } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArticleSearchPage } from '../../../capture/components/article-search-page';
import { CaptureListPage } from '../../../capture/components/capture-list-page';
import { HeaderStepPage } from '../../../capture/components/header-step-page';
import { moduleConfigQuery } from '../../../session/module-config';
import { orderProposalDef } from '../model/capture-def';

// The module's definition depends on LIEFERTERMIN_EINGEBBAR (docs/spec.md §5), so every page reads the config.
const useDef = () => orderProposalDef(isDeliveryDateEditable(useQuery(moduleConfigQuery()).data));

export const OrderProposalList = () => <CaptureListPage def={useDef()} />;
export const OrderProposalSearch = () => <ArticleSearchPage def={useDef()} />;
// The step exists to enter the delivery date, so it shows the field before the config has loaded.
export const OrderProposalDeliveryDate = () => <HeaderStepPage def={orderProposalDef(true)} step="deliveryDate" />;
