/**
 * The identity pages' stylesheet, served at /realms/default/resources/identity.css (a TS string so the build ships
 * it without a copy step). Colours follow the SPA's theme (apps/web/src/index.css): night backgrounds, neon accents.
 */
export const identityCss = `
@font-face {
  font-family: 'Orbitron'; font-style: normal; font-weight: 700; font-display: swap;
  src: url(orbitron-latin-700.woff2) format('woff2');
}
:root {
  color-scheme: dark;
  --night-950: #07060f; --night-900: #0d0b1a; --night-800: #15122a; --night-700: #221d3f;
  --cyan: #3ee8ff; --pink: #ff4fd8; --lime: #b8ff3c; --rose: #fb7185;
  --text: #f1f5f9; --muted: #94a3b8; --line: rgb(255 255 255 / 0.12);
  --display: 'Orbitron', 'Rajdhani', 'Segoe UI', system-ui, sans-serif;
  --body: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
* { box-sizing: border-box; }
html, body { margin: 0; min-height: 100%; }
body {
  min-height: 100dvh; background: var(--night-950); color: var(--text); font: 16px/1.5 var(--body);
  -webkit-font-smoothing: antialiased;
  background-image:
    radial-gradient(ellipse 80% 50% at 50% -10%, rgb(255 79 216 / 0.18), transparent 70%),
    radial-gradient(ellipse 60% 40% at 100% 100%, rgb(62 232 255 / 0.12), transparent 70%),
    linear-gradient(to right, rgb(62 232 255 / 0.06) 1px, transparent 1px),
    linear-gradient(to bottom, rgb(62 232 255 / 0.06) 1px, transparent 1px);
  background-size: auto, auto, 48px 48px, 48px 48px;
}
a { color: var(--cyan); text-decoration: none; }
a:hover { text-decoration: underline; }
:focus-visible { outline: 2px solid var(--cyan); outline-offset: 2px; }
.shell { display: flex; flex-direction: column; align-items: center; min-height: 100dvh; padding: 2.5rem 1rem 1.5rem; }
.brand-bar { display: flex; flex-direction: column; align-items: center; }
.brand { display: flex; flex-direction: column; align-items: center; gap: 0.35rem; margin-bottom: 1.75rem; color: var(--text); }
.brand:hover { text-decoration: none; }
.brand svg { height: 2.75rem; width: auto; filter: drop-shadow(0 0 12px rgb(62 232 255 / 0.35)); }
.brand small { color: var(--muted); font-size: 0.75rem; letter-spacing: 0.2em; text-transform: uppercase; }
.card {
  width: 100%; max-width: 26rem; padding: 2rem 1.75rem; border: 1px solid rgb(62 232 255 / 0.25); border-radius: 0.9rem;
  background: linear-gradient(160deg, rgb(34 29 63 / 0.92), rgb(13 11 26 / 0.96));
  box-shadow: 0 0 0 1px rgb(255 79 216 / 0.08), 0 0 40px rgb(62 232 255 / 0.12), 0 20px 50px rgb(0 0 0 / 0.5);
}
.card.wide { max-width: 40rem; }
h1 { margin: 0 0 0.35rem; font: 700 1.5rem/1.2 var(--display); letter-spacing: 0.06em; text-transform: uppercase; text-shadow: 0 0 18px rgb(62 232 255 / 0.45); }
h2 { margin: 0 0 1rem; font: 700 1rem/1.3 var(--display); letter-spacing: 0.08em; text-transform: uppercase; color: var(--cyan); }
.lead { margin: 0 0 1.5rem; color: var(--muted); }
form { margin: 0; }
.field { margin-bottom: 1rem; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 0.9rem; }
label { display: block; margin-bottom: 0.35rem; font-size: 0.85rem; font-weight: 600; color: #cbd5e1; }
input[type=text], input[type=email], input[type=password] {
  width: 100%; padding: 0.65rem 0.8rem; border: 1px solid var(--line); border-radius: 0.5rem;
  background: rgb(7 6 15 / 0.75); color: var(--text); font: inherit; transition: border-color 150ms, box-shadow 150ms;
}
input:focus { outline: none; border-color: var(--cyan); box-shadow: 0 0 0 3px rgb(62 232 255 / 0.2); }
input[aria-invalid=true] { border-color: var(--rose); }
input[readonly] { color: var(--muted); }
.field-error { margin: 0.35rem 0 0; color: var(--rose); font-size: 0.85rem; }
.hint { margin: 0.35rem 0 0; color: var(--muted); font-size: 0.8rem; }
.alert { margin: 0 0 1.25rem; padding: 0.75rem 0.9rem; border-radius: 0.5rem; font-size: 0.9rem; border: 1px solid; }
.alert.error { border-color: rgb(251 113 133 / 0.5); background: rgb(251 113 133 / 0.1); color: #fecdd3; }
.alert.success { border-color: rgb(184 255 60 / 0.45); background: rgb(184 255 60 / 0.08); color: #ecfccb; }
.alert.info { border-color: rgb(62 232 255 / 0.4); background: rgb(62 232 255 / 0.08); color: #cffafe; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
.button {
  display: inline-flex; flex: 1 1 auto; align-items: center; justify-content: center; min-height: 2.75rem; padding: 0.6rem 1.2rem;
  border: 0; border-radius: 0.5rem; font: 700 0.9rem/1 var(--body); letter-spacing: 0.04em; cursor: pointer;
  background: var(--cyan); color: var(--night-950); box-shadow: 0 0 18px rgb(62 232 255 / 0.35); transition: background 150ms, box-shadow 150ms;
}
.button:hover { background: #a5f3fc; text-decoration: none; box-shadow: 0 0 26px rgb(62 232 255 / 0.55); }
.button.accent { background: var(--pink); box-shadow: 0 0 18px rgb(255 79 216 / 0.35); }
.button.accent:hover { background: #f9a8d4; }
.button.secondary { background: rgb(255 255 255 / 0.05); color: var(--text); border: 1px solid rgb(255 255 255 / 0.2); box-shadow: none; }
.button.secondary:hover { background: rgb(255 255 255 / 0.1); }
.switch { margin: 1.5rem 0 0; text-align: center; color: var(--muted); font-size: 0.9rem; }
.section + .section { margin-top: 2rem; padding-top: 1.75rem; border-top: 1px solid var(--line); }
.identity { display: flex; align-items: center; gap: 0.9rem; margin-bottom: 1.5rem; }
.avatar {
  display: grid; place-items: center; flex: none; width: 3rem; height: 3rem; border-radius: 50%;
  background: linear-gradient(135deg, var(--cyan), var(--pink)); color: var(--night-950); font: 700 1.1rem/1 var(--display);
}
.identity p { margin: 0; }
.identity .name { font-weight: 700; }
.identity .meta { color: var(--muted); font-size: 0.85rem; overflow-wrap: anywhere; }
.badges { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.35rem; }
.badge { padding: 0.1rem 0.5rem; border-radius: 999px; font-size: 0.72rem; font-weight: 700; letter-spacing: 0.05em; border: 1px solid rgb(62 232 255 / 0.4); color: var(--cyan); }
.sessions { list-style: none; margin: 0; padding: 0; }
.session { display: grid; gap: 0.2rem; padding: 0.85rem 0; border-bottom: 1px solid var(--line); }
.session .name { margin: 0; font-weight: 700; }
.session .meta { margin: 0; color: var(--muted); font-size: 0.85rem; overflow-wrap: anywhere; }
.session form { margin-top: 0.4rem; }
.steps { padding-left: 1.2rem; display: grid; gap: 0.5rem; }
.secret { display: block; margin-top: 0.35rem; font-family: ui-monospace, Menlo, monospace; font-size: 0.95rem; letter-spacing: 0.04em; overflow-wrap: anywhere; color: var(--cyan); }
details { margin: 0.5rem 0 1rem; color: var(--muted); }
summary { cursor: pointer; }
.recovery-codes { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: 0.4rem 1.5rem; padding-left: 1.6rem; font-family: ui-monospace, Menlo, monospace; }
.page-footer { margin-top: auto; padding-top: 2rem; color: #64748b; font-size: 0.8rem; text-align: center; }
/* Beats the input rules above (a hidden username field for password managers must not widen the page). */
.sr-only { position: absolute !important; width: 1px !important; height: 1px !important; padding: 0 !important; margin: -1px !important; border: 0 !important; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 480px) {
  .shell { padding-top: 1.5rem; }
  .card { padding: 1.5rem 1.1rem; }
  .row { grid-template-columns: 1fr; }
  h1 { font-size: 1.3rem; }
}
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
`;
