import { bootHandheld } from '../scanner/handheld-boot';
import { loadWedgeService, markScannerNeeded } from './scanner-bridge';

// Imported first by main.tsx, so the listeners run before the rest of the app is even evaluated: a scan during
// start-up is heard at once and waits for the scanner service, which its arrival sends for.
bootHandheld(() => {
  void loadWedgeService().then((wedge) => wedge.startWedge());
  // The scanner's overlay and feedback are wanted now, not at the next idle moment.
  markScannerNeeded();
});
