import { BRIDGE_SCRIPT_ID, originPattern, PAIRED_ORIGIN_KEY, proctorOrigin } from './messages';

/**
 * Pairing: the person names their Proctor; the extension asks for access to the sites it will record (it
 * injects its recorder into the pages of the window it opens and takes their screenshots) and registers its
 * bridge on that Proctor's origin only, so no other site's page can talk to it.
 */
const form = document.getElementById('pair') as HTMLFormElement;
const input = document.getElementById('origin') as HTMLInputElement;
const status = document.getElementById('status') as HTMLParagraphElement;

function show(text: string, error = false) {
  status.textContent = text;
  status.className = error ? 'error' : '';
}

async function showPaired() {
  const stored = (await chrome.storage.local.get(PAIRED_ORIGIN_KEY))[PAIRED_ORIGIN_KEY];
  if (typeof stored === 'string') {
    input.value = stored;
    show(`Paired with ${stored}`);
  }
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const origin = proctorOrigin(input.value);
  if (!origin) return show("Enter your Proctor's http(s) address, such as https://proctor.example.com", true);
  // Asked on the click itself: Chrome grants permissions only in answer to a gesture.
  const granted = await chrome.permissions.request({ origins: ['<all_urls>'] });
  if (!granted) return show('Without access to sites the extension cannot record them.', true);
  await chrome.scripting.unregisterContentScripts({ ids: [BRIDGE_SCRIPT_ID] }).catch(() => undefined);
  await chrome.scripting.registerContentScripts([
    {
      id: BRIDGE_SCRIPT_ID,
      matches: [originPattern(origin)],
      js: ['bridge.js'],
      runAt: 'document_start',
      persistAcrossSessions: true,
    },
  ]);
  await chrome.storage.local.set({ [PAIRED_ORIGIN_KEY]: origin });
  show(`Paired with ${origin}. Reload its trainer page to record there.`);
});

void showPaired();
