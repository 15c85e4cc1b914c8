import {
  type BackgroundApi,
  type Call,
  type ErrorData,
  ExtensionError,
  type Method,
  type ParamsOf,
  type Reply,
  type TabMessage,
} from '../shared/messages.js';
import { Capture, judgeFailure } from './capture.js';
import { HighlightedPages, type KeyValueStore } from './highlighted-pages.js';
import { Outbox, type OutboxItem } from './outbox.js';
import { LinkvaultServer, type SignedIn } from './server.js';

/**
 * The background script (a service worker in Chromium, an event page in Firefox). Listeners are added
 * synchronously at the top level, as Manifest V3 requires for the worker to be woken by their events.
 */

const storage = chrome.storage.local;
// Chromium can close extension storage to content scripts, which then cannot read the tokens even from a
// compromised page process. Firefox keeps storage.local open to them (it is never open to web pages).
storage.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);

const settings: KeyValueStore = {
  get: async (key) => (await storage.get(key))[key],
  set: (key, value) => storage.set({ [key]: value }),
};
const server = new LinkvaultServer({
  load: async () => ((await settings.get('signedIn')) as SignedIn | undefined) ?? null,
  save: (value) => (value ? settings.set('signedIn', value) : storage.remove('signedIn')),
});
const outbox = new Outbox(
  {
    read: async () => ((await settings.get('outbox')) as OutboxItem[] | undefined) ?? [],
    write: (items) => settings.set('outbox', items),
  },
  judgeFailure,
);
const capture = new Capture(server, outbox, new HighlightedPages(settings), settings, {
  get: (tabId) => chrome.tabs.get(tabId),
});

type Sender = chrome.runtime.MessageSender;
type Handler<M extends Method> = (
  params: ParamsOf<M>,
  sender: Sender,
) => Promise<Awaited<ReturnType<BackgroundApi[M]>>>;

/** Content scripts ask only about the page they run in, read from the sender (which a page cannot forge). */
const pageOf = (sender: Sender): string => {
  const isExtensionPage = sender.url?.startsWith(chrome.runtime.getURL(''));
  if (isExtensionPage || sender.tab?.id === undefined || sender.frameId !== 0 || !sender.url) {
    throw new ExtensionError(403, 'forbidden', 'Only a page’s own content script may ask this.');
  }
  return sender.url;
};
const extensionPageOnly = (sender: Sender) => {
  if (!sender.url?.startsWith(chrome.runtime.getURL(''))) {
    throw new ExtensionError(403, 'forbidden', 'Only the extension’s own pages may ask this.');
  }
};

const handlers: { [M in Method]: Handler<M> } = {
  status: (_, sender) => (extensionPageOnly(sender), capture.status()),
  signIn: (params, sender) => (extensionPageOnly(sender), capture.signIn(params)),
  signOut: (_, sender) => (extensionPageOnly(sender), capture.signOut()),
  savePage: (params, sender) => (extensionPageOnly(sender), capture.savePage(params)),
  link: (params, sender) => (extensionPageOnly(sender), capture.link(params)),
  folders: (_, sender) => (extensionPageOnly(sender), capture.folders()),
  moveLink: (params, sender) => (extensionPageOnly(sender), capture.moveLink(params)),
  syncNow: (_, sender) => (extensionPageOnly(sender), capture.syncNow()),
  canHighlight: async (_, sender) => (pageOf(sender), (await server.current()) !== null),
  pageHighlights: (_, sender) => capture.pageHighlights(pageOf(sender)),
  saveHighlight: (params, sender) => capture.saveHighlight(pageOf(sender), params),
  openOptions: async () => {
    await chrome.runtime.openOptionsPage();
    return null;
  },
};

function errorData(error: unknown): ErrorData {
  if (error instanceof ExtensionError) return error.toData();
  console.error('Linkvault extension error', error);
  return { status: 500, code: 'internal', message: 'Something went wrong. Please try again.' };
}

chrome.runtime.onMessage.addListener(
  (message: Call, sender, sendResponse: (reply: Reply<unknown>) => void) => {
    if (sender.id !== chrome.runtime.id || !(message?.method in handlers)) return false;
    const handler = handlers[message.method] as Handler<Method>;
    Promise.resolve()
      .then(() => handler(message.params, sender))
      .then(
        (value) => sendResponse({ ok: true, value }),
        (error: unknown) => sendResponse({ ok: false, error: errorData(error) }),
      );
    return true; // the answer comes asynchronously
  },
);

// ------------------------------------------------------------- outbox: alarms, start-up, reconnection
const FLUSH_ALARM = 'flush-outbox';
const startUp = () => {
  // Chromium's shortest period is 30 seconds.
  void chrome.alarms.create(FLUSH_ALARM, { periodInMinutes: 0.5 });
  void capture.flush();
};
chrome.runtime.onStartup.addListener(startUp);
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === FLUSH_ALARM) void capture.flush();
});
self.addEventListener('online', () => void capture.flush());

// ------------------------------------------------------------------- context menu and shortcut
const MENU_HIGHLIGHT = 'highlight-selection';
const MENU_SAVE_PAGE = 'save-page';
chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({
    id: MENU_HIGHLIGHT,
    title: 'Highlight with Linkvault',
    contexts: ['selection'],
  });
  chrome.contextMenus.create({ id: MENU_SAVE_PAGE, title: 'Save page to Linkvault', contexts: ['page'] });
  startUp();
});

/** Opens the highlight toolbar on the tab's selection; injects the content script into tabs opened before the extension. */
async function openHighlighter(tabId: number): Promise<void> {
  const message: TabMessage = { type: 'open-highlighter' };
  try {
    await chrome.tabs.sendMessage(tabId, message);
  } catch {
    await chrome.scripting.executeScript({ target: { tabId }, files: ['content.js'] });
    await chrome.tabs.sendMessage(tabId, message);
  }
}

/** The toolbar badge says how a save from the context menu went, as the popup is not open to say it. */
async function savePageFromMenu(tabId: number): Promise<void> {
  let badge: { text: string; color: string };
  try {
    const result = await capture.savePage({ tabId });
    badge =
      result.state === 'unsupported'
        ? { text: '×', color: '#64748b' }
        : result.state === 'queued'
          ? { text: '…', color: '#d97706' }
          : { text: '✓', color: '#059669' };
  } catch {
    badge = { text: '!', color: '#dc2626' };
  }
  await chrome.action.setBadgeBackgroundColor({ tabId, color: badge.color });
  await chrome.action.setBadgeText({ tabId, text: badge.text });
  setTimeout(() => void chrome.action.setBadgeText({ tabId, text: '' }), 4000);
}

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (tab?.id === undefined) return;
  if (info.menuItemId === MENU_HIGHLIGHT) void openHighlighter(tab.id);
  if (info.menuItemId === MENU_SAVE_PAGE) void savePageFromMenu(tab.id);
});

chrome.commands.onCommand.addListener((command, tab) => {
  if (command === 'highlight-selection' && tab?.id !== undefined) void openHighlighter(tab.id);
});
