import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/** The pages' icon: the same mark as the web app's public/favicon.svg. */
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3ee8ff"/><stop offset="1" stop-color="#ff4fd8"/></linearGradient></defs><rect width="36" height="36" rx="8" fill="#07060f"/><path d="M18 3l13 7.5v15L18 33 5 25.5v-15z" fill="none" stroke="url(#g)" stroke-width="3"/><path d="M18 11l6 3.5v7L18 25l-6-3.5v-7z" fill="url(#g)"/></svg>`;

let font: Buffer | undefined;
/** Orbitron 700 (latin), the headings' font, from the @fontsource package the web app ships it from too. */
export function displayFont(): Buffer {
  font ??= readFileSync(createRequire(import.meta.url).resolve("@fontsource/orbitron/files/orbitron-latin-700-normal.woff2"));
  return font;
}

let webauthnBundle: Buffer | undefined;
/** @simplewebauthn/browser's browser bundle (global SimpleWebAuthnBrowser); its package exports only the modules. */
export function webauthnBrowserBundle(): Buffer {
  const entry = createRequire(import.meta.url).resolve("@simplewebauthn/browser");
  webauthnBundle ??= readFileSync(new URL("../dist/bundle/index.umd.min.js", pathToFileURL(entry)));
  return webauthnBundle;
}

/**
 * Runs the passkey forms (form[data-passkey]): on submit, asks the browser for the passkey with the form's options,
 * puts the answer into its `response` field and posts it. Served as a file because the pages' CSP allows no inline
 * script; without WebAuthn the form says so and stays off.
 */
export const PASSKEY_FORM_SCRIPT = `(() => {
  const lib = window.SimpleWebAuthnBrowser;
  for (const form of document.querySelectorAll("form[data-passkey]")) {
    const status = form.querySelector("[data-passkey-status]");
    const button = form.querySelector("button[type=submit]");
    if (!lib || !lib.browserSupportsWebAuthn()) {
      if (status) status.textContent = "This browser cannot use passkeys.";
      if (button) button.disabled = true;
      continue;
    }
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (status) status.textContent = "";
      try {
        const optionsJSON = JSON.parse(form.dataset.passkeyOptions);
        const answer = form.dataset.passkey === "register" ? await lib.startRegistration({ optionsJSON }) : await lib.startAuthentication({ optionsJSON });
        form.elements.namedItem("response").value = JSON.stringify(answer);
        form.submit();
      } catch {
        if (status) status.textContent = "The passkey was not used. Try again, or use another way.";
      }
    });
  }
})();
`;
