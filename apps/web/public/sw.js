// The console's preview worker (spec part 1 §7, part 2 §1): the notification editors register /sw.js and show the
// notification being edited as the browser will show it, buttons included. Clicking it opens the url of the
// notification or of the button (data.url, data.urlBtn1, data.urlBtn2), as sw_pm.js does on subscriber sites.
// Plain JavaScript because it is served as it is, outside the bundle; it never receives pushes.

self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const ACTION_URLS = { FirstBtnRedirect: 'urlBtn1', SecondBtnRedirect: 'urlBtn2' };

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  const key = ACTION_URLS[event.action];
  const url = (key && data[key]) || data.url;
  event.notification.close();
  if (typeof url === 'string' && /^https?:\/\//.test(url)) event.waitUntil(self.clients.openWindow(url));
});
