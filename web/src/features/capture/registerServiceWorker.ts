/**
 * Registers the service worker (public/sw.js) that makes Linkvault installable, and so a share target on
 * Android. Loaded by index.html beside the app, after the page has loaded so it never delays the first paint.
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('service worker', error));
  });
}
