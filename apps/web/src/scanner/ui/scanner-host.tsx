import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { setupDataWedge } from '../datawedge/datawedge-setup';
import { subscribeDroppedScans } from '../service/scan-service';
import { startWedge } from '../wedge/wedge-service';
import { FeedbackFlash } from './feedback-flash';
import { FileDialog } from './file-dialog';
import { ScannerOverlay } from './scanner-overlay';
import { SourceDialog } from './source-dialog';

/** Mounted once inside the app providers: overlay, dialogs, flash, wedge listener and DataWedge bridge. */
export function ScannerHost() {
  const { t } = useTranslation('scanner');
  useEffect(() => startWedge(), []);
  useEffect(() => setupDataWedge(), []);
  // The error sound already played (scan-service); the words say why: this screen takes no scan.
  useEffect(() => subscribeDroppedScans(() => notifyError(t('notHere'), { id: 'scan-not-here' })), [t]);
  return (
    <>
      <ScannerOverlay />
      <SourceDialog />
      <FileDialog />
      <FeedbackFlash />
    </>
  );
}
