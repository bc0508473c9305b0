import { html, type SafeHtml } from "./html.js";
import { field } from "./layout.js";

/** A passkey ceremony form: the script (PASSKEY_FORM_SCRIPT) runs it with `options` and posts the answer. */
export interface PasskeyCeremony {
  action: string;
  /** The hidden fields besides the answer: CSRF token, ticket, `do`. */
  hidden: SafeHtml;
  /** The ceremony's options as JSON (the challenge included). */
  options: string;
  error?: string;
}

const answer = html`<input type="hidden" name="response" value="" />
  <p class="hint" data-passkey-status role="status" aria-live="polite"></p>`;

/** Registering a passkey: the user names it (which device or key) before the browser creates it. */
export function passkeyRegisterForm(f: PasskeyCeremony): SafeHtml {
  return html`<form method="post" action="${f.action}" data-passkey="register" data-passkey-options="${f.options}">
    ${f.hidden}
    ${field({ name: "passkeyName", label: "Passkey name", required: true, maxLength: 64, error: f.error, hint: "Which device or security key it is on, for example “Work laptop”." })}
    ${answer}
    <div class="actions"><button class="button" type="submit">Add a passkey</button></div>
  </form>`;
}

/** Signing in with one of the account's passkeys. */
export function passkeySignInForm(f: PasskeyCeremony): SafeHtml {
  return html`<form method="post" action="${f.action}" data-passkey="authenticate" data-passkey-options="${f.options}">
    ${f.hidden} ${answer}
    <div class="actions"><button class="button" type="submit">Use a passkey</button></div>
  </form>`;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export interface PasskeyListing {
  keys: { id: string; name: string; createdAt: Date }[];
  action: string;
  hidden: SafeHtml;
  error?: string;
}

/** The account's passkeys, and removing one (with the password or a current code, like the app). */
export function passkeyList(p: PasskeyListing): SafeHtml {
  if (!p.keys.length) return html`<p>No passkeys yet.</p>`;
  return html`<ul class="passkeys" aria-label="Passkeys">
      ${p.keys.map((k) => html`<li><strong>${k.name}</strong> · added ${day(k.createdAt)}</li>`)}
    </ul>
    <form method="post" action="${p.action}" novalidate>
      ${p.hidden}
      <div class="field">
        <label for="field-passkey">Passkey to remove</label>
        <select id="field-passkey" name="passkey">
          ${p.keys.map((k) => html`<option value="${k.id}">${k.name} (added ${day(k.createdAt)})</option>`)}
        </select>
      </div>
      ${field({
        name: "passkeyProof",
        label: "Password or current code",
        type: "password",
        autocomplete: "current-password",
        required: true,
        maxLength: 256,
        error: p.error,
      })}
      <div class="actions"><button class="button secondary" type="submit">Remove passkey</button></div>
    </form>`;
}
