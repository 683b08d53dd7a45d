/** The pages the environment benchmark puts in a browser, as data: URLs (the CDP proxy lets agents open them). */

const dataUrl = (html: string) => `data:text/html,${encodeURIComponent(html)}`;

/** Repaints every frame: a box sliding and turning across a 1280x720 viewport, and a requestAnimationFrame counter. */
export const ANIMATED_PAGE = dataUrl(`<!doctype html><html><head><style>
html, body { margin: 0; width: 100%; height: 100%; overflow: hidden; background: #f4f4f5; font: 48px sans-serif; }
#box { position: absolute; top: 240px; left: 0; width: 200px; height: 200px; background: #2563eb;
  animation: slide 2s linear infinite alternate; }
@keyframes slide { to { transform: translateX(1080px) rotate(360deg); } }
</style></head><body><div id="box"></div><div id="count">0</div><script>
const count = document.getElementById('count');
let frames = 0;
(function tick() { count.textContent = String(++frames); requestAnimationFrame(tick); })();
</script></body></html>`);

/** Still until a key goes down, then the whole background flips colour: one repaint per keydown. */
export const KEY_FLIP_PAGE = dataUrl(`<!doctype html><html><head><style>
html, body { margin: 0; width: 100%; height: 100%; background: #ffffff; }
</style></head><body><script>
let dark = false;
addEventListener('keydown', () => {
  dark = !dark;
  document.body.style.background = dark ? '#111111' : '#ffffff';
});
</script></body></html>`);

/** One button over the whole viewport that counts its clicks in its label. */
export const COUNTER_PAGE = dataUrl(`<!doctype html><html><body style="margin: 0">
<button id="counter" style="position: fixed; inset: 0; width: 100%; height: 100%; font: 32px sans-serif">0</button>
<script>
const counter = document.getElementById('counter');
let clicks = 0;
counter.addEventListener('click', () => { counter.textContent = String(++clicks); });
</script></body></html>`);
