/**
 * An element of ours over the page: a host at the end of <html> with a closed shadow root styled by `css`.
 * The page's styles do not reach in and ours do not leak out; closed, so that the page's scripts cannot
 * read what it shows or press what it offers. The caller fills `root` and removes `host`.
 */
export function attachOverlay(tag: string, css: string): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement(tag);
  const root = host.attachShadow({ mode: 'closed' });
  // A constructed style sheet escapes the page's style-src policy; where one cannot be adopted, a <style>.
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } catch {
    root.append(Object.assign(document.createElement('style'), { textContent: css }));
  }
  host.style.setProperty('all', 'initial', 'important');
  host.style.setProperty('position', 'fixed', 'important');
  host.style.setProperty('z-index', '2147483647', 'important');
  document.documentElement.append(host);
  return { host, root };
}
