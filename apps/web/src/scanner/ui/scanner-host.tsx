import { useEffect } from 'react';
import { setupDataWedge } from '../datawedge/datawedge-setup';
import { startWedge } from '../wedge/wedge-service';
import { FeedbackFlash } from './feedback-flash';
import { FileDialog } from './file-dialog';
import { ScannerOverlay } from './scanner-overlay';
import { SourceDialog } from './source-dialog';

/** Mounted once inside the app providers: overlay, dialogs, flash, wedge listener and DataWedge bridge. */
export function ScannerHost() {
  useEffect(() => startWedge(), []);
  useEffect(() => setupDataWedge(), []);
  return (
    <>
      <ScannerOverlay />
      <SourceDialog />
      <FileDialog />
      <FeedbackFlash />
    </>
  );
}
