import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Mantine's ScrollArea (inside every Modal) takes a single hook, useMergeRefs, from @floating-ui/react. That
 * package is one module, so the hook alone brought all of floating-ui (~15 kB gz) to every dialog and to
 * the scanner host on the overview. Only there it resolves to our own hook (src/lib/merge-refs.ts);
 * popovers, menus and tooltips keep the real package.
 */
function scrollAreaMergeRefs(): Plugin {
  const hook = fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
  return {
    name: 'mde:scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer) return null;
      return /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer) ? hook : null;
    },
  };
}

/**
 * The handheld listeners (src/app/handheld-start.ts) are an entry of their own, put first in index.html as an
 * async module: a few kB, so the page hears a scanner a moment after the HTML, before the app's large entry has
 * arrived and run. The app imports the same file, so both share one listener.
 */
const HANDHELD_ENTRY = fileURLToPath(new URL('./src/app/handheld-start.ts', import.meta.url));
const HANDHELD_MODULES =
  /src[\\/](app[\\/](handheld-start|scanner-bridge)|scanner[\\/](handheld-boot|wedge[\\/](wedge-listener|wedge-detector|key-to-char|wedge-defaults)|datawedge[\\/]datawedge-(bridge|commands)))\.ts$/;

function handheldFirst(): Plugin {
  return {
    name: 'mde:handheld-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const entry = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'handheld',
        );
        if (!entry) throw new Error('handheld entry chunk missing from the build');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${entry.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * A device that is not logged in opens on the login page, whose code (the 'login' and 'login-form' chunks) the
 * router asks for only after the app's large entry has arrived and run: one more round trip on slow 4G before
 * the form shows. index.html names them for preloading, so they come alongside the entry. A logged-in device
 * takes them from the service worker's cache.
 */
function loginPreload(): Plugin {
  return {
    name: 'mde:login-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c) => c.type === 'chunk' && (c.name === 'login' || c.name === 'login-form'),
        );
        if (chunks.length !== 2) throw new Error('login chunks missing from the build');
        return chunks.map((c) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The login page's shell carries no zod: the contracts' schemas belong to the screens that validate, and one
 * constant imported from a schema module brings all of zod (about 30 kB gz) along. Fails the build.
 */
function shellWithoutZod(): Plugin {
  return {
    name: 'mde:shell-without-zod',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (
          chunk.type !== 'chunk' ||
          !['index', 'handheld', 'handheld-boot', 'login', 'login-form', 'frame'].includes(chunk.name)
        )
          continue;
        const zod = Object.keys(chunk.modules).find((id) => /node_modules[\\/]zod[\\/]/.test(id));
        if (zod) {
          this.error(`${chunk.fileName} carries zod (${zod}): take the constant from a module without schemas`);
        }
      }
    },
  };
}

/**
 * Vite's loader for a lazy chunk puts a <link rel="modulepreload"> into the page for each chunk it imports, before
 * importing it. Each link starts its request on the main thread at once, some 110 links in the first seconds
 * after login (the background jobs' chunks import up to 70 each): the profile of the overview's load showed those
 * insertions as the largest script cost of its long tasks after the entry's own evaluation. The browser's module
 * loader fetches a chunk's imports by itself; with the service worker's precache they come from the device. Only
 * the first screens keep their links: the login page's form and the logged-in frame come over the network on a
 * new device, before the service worker holds them, where a round trip per level of imports would show.
 */
const PRELOADED_LAZY_CHUNKS = /(^|\/)(frame|login|login-form)-[\w-]+\.js$/;

// injectManifest: our own worker (src/pwa/ngsw-worker.ts, served as /ngsw-worker.js as docs/spec.md §7 names it) precaches the shell and the decoder's .wasm (docs/architecture.md#offline-behaviour).
export default defineConfig({
  plugins: [
    scrollAreaMergeRefs(),
    handheldFirst(),
    loginPreload(),
    shellWithoutZod(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'ngsw-worker.ts',
      // Registration is ours (src/pwa/service-worker.ts): docs/spec.md §9 registers when stable or after 30 s.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,mp3,wasm,webmanifest}'],
        // The old worker's name only hands over to this worker (public/sw.js); it is no part of the shell.
        globIgnores: ['sw.js'],
        // The zxing-wasm decoder is about 1 MB; the whole shell must fit offline.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      manifest: {
        name: 'MDE – Mobile Datenerfassung',
        short_name: 'MDE',
        description: 'Mobile Datenerfassung für Filiale und Lager',
        lang: 'de',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1864ab',
        background_color: '#ffffff',
        // Lets a browser tab ask whether this web app is installed (navigator.getInstalledRelatedApps).
        related_applications: [{ platform: 'webapp', url: '/manifest.webmanifest' }],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  build: {
    modulePreload: {
      resolveDependencies: (file, deps) => (PRELOADED_LAZY_CHUNKS.test(file) ? deps : []),
    },
    outDir: 'dist',
    emptyOutDir: true,
    // The entry is one file on purpose (codeSplitting below: a round trip per file on a handheld link), some
    // 520 kB before gzip. What it costs a device is guarded by the bundle bench's gzip target (bench/bundle),
    // so vite's per-file warning at 500 kB would only tell every newcomer at `npm start` what is chosen.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), handheld: HANDHELD_ENTRY },
      output: {
        codeSplitting: {
          // Each file is a round trip on a slow handheld link, and a page's chunks come in waves of six.
          // Everything the entry imports statically is needed before the first screen: one file instead of
          // some 35. The first screens after it, the login page and the logged-in frame with the overview,
          // each come as one file with what they import; later screens share them instead of loading
          // their own copies of the inputs and layout parts.
          groups: [
            { name: 'handheld-boot', test: HANDHELD_MODULES, priority: 4 },
            // Mantine's whole stylesheet on its own (src/app/all-styles.ts): the screens that need it load it
            // without taking the logged-in frame's code along.
            {
              name: 'all-styles',
              test: /src[\\/]app[\\/]all-styles\.ts$|@mantine[\\/]core[\\/]styles\.css$/,
              priority: 5,
            },
            { name: 'shell', tags: ['$initial'], priority: 3 },
            // The login form's own code apart from the inputs it shares with the logged-in frame.
            {
              name: 'login-form',
              test: /src[\\/]app[\\/]login[\\/]login-(page|failure|validation)\.tsx?$/,
              priority: 2.5,
              includeDependenciesRecursively: false,
            },
            { name: 'login', test: /src[\\/]app[\\/]login[\\/]login-page/, priority: 2 },
            { name: 'frame', test: /src[\\/]app[\\/](layout[\\/]app-layout|overview[\\/]overview-page)/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
