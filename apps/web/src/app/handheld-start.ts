import { bootHandheld } from '../scanner/handheld-boot';
import { loadWedgeService } from './scanner-bridge';

// Imported first by main.tsx, so the listeners run before the rest of the app is even evaluated: a scan during
// start-up is heard at once and waits for the scanner service, which its arrival sends for.
bootHandheld(() => {
  void loadWedgeService().then((wedge) => wedge.startWedge());
});
