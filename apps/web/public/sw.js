// The app's service worker is /ngsw-worker.js (docs/spec.md §7). Devices that installed an earlier version
// registered it as /sw.js and still check this file for updates: it runs the same worker, so they update the
// usual way (asked first, nothing typed lost), and the new version's registration moves them to /ngsw-worker.js.
importScripts('/ngsw-worker.js');
