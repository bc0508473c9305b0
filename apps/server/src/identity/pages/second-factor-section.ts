import { html, type SafeHtml } from "./html.js";
import { alert, csrfInput, field } from "./layout.js";
import { passkeyList, passkeyRegisterForm } from "./passkey-forms.js";
import { recoveryCodesList, totpSetupFields } from "./second-factor-pages.js";

export interface TwoFactorSection {
  csrf: string;
  action: string;
  totp: boolean;
  confirmedAt?: Date;
  recoveryCodesLeft: number;
  /** The policy (SECOND_FACTOR_GROUPS) makes this account sign in with a second factor. */
  required: boolean;
  /** Setting up: the pending secret. */
  setup?: { uri: string; text: string };
  /** Just set up: the recovery codes, shown this once. */
  recoveryCodes?: string[];
  notice?: { kind: "success" | "error"; message: string };
  error?: string;
  passkeys: { id: string; name: string; createdAt: Date }[];
  /** Registering a passkey: the ticket its challenge comes from, and the ceremony's options. */
  passkeyRegistration?: { ticket: string; options: string };
  passkeyError?: string;
  passkeyRemoveError?: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The passkeys part: the list, removing one, adding one. */
function passkeysPart(p: TwoFactorSection, hidden: (what: string) => SafeHtml): SafeHtml {
  const reg = p.passkeyRegistration;
  return html`<h3>Passkeys</h3>
    <p>A passkey on your device or security key can be used instead of a code.</p>
    ${!p.totp && p.passkeys.length ? html`<p>Recovery codes left: <strong>${p.recoveryCodesLeft}</strong>.</p>` : ""}
    ${passkeyList({ keys: p.passkeys, action: p.action, hidden: hidden("passkey-remove"), error: p.passkeyRemoveError })}
    ${
      reg
        ? passkeyRegisterForm({
            action: p.action,
            hidden: html`${hidden("passkey-add")}<input type="hidden" name="ticket" value="${reg.ticket}" />`,
            options: reg.options,
            error: p.passkeyError,
          })
        : ""
    }`;
}

/** "Two-factor authentication" on the account page: the authenticator app and the passkeys. */
export function twoFactorSection(p: TwoFactorSection): SafeHtml {
  const hidden = (what: string) => html`${csrfInput(p.csrf)}<input type="hidden" name="do" value="${what}" />`;
  const body = p.recoveryCodes?.length
    ? recoveryCodesList(p.recoveryCodes)
    : p.setup
      ? html`${totpSetupFields(p.setup)}
          <form method="post" action="${p.action}" novalidate>
            ${hidden("confirm")}
            ${field({ name: "code", label: "Code from your app", autocomplete: "one-time-code", required: true, maxLength: 20, error: p.error })}
            <div class="actions"><button class="button accent" type="submit">Confirm</button></div>
          </form>`
      : html`<h3>Authenticator app</h3>
          ${appPart(p, hidden)} ${passkeysPart(p, hidden)}`;
  return html`<section class="section" id="two-factor" aria-labelledby="two-factor-heading">
    <h2 id="two-factor-heading">Two-factor authentication</h2>
    ${p.notice ? alert(p.notice.kind, p.notice.message) : ""} ${body}
  </section>`;
}

function appPart(p: TwoFactorSection, hidden: (what: string) => SafeHtml): SafeHtml {
  return p.totp
    ? html`<p>
          Authenticator app: <strong>on</strong>${p.confirmedAt ? ` since ${day(p.confirmedAt)}` : ""}. Recovery codes left:
          <strong>${p.recoveryCodesLeft}</strong>.
        </p>
        <form method="post" action="${p.action}" novalidate>
          ${hidden("remove")}
          ${field({
            name: "proof",
            label: "Current code or password",
            type: "password",
            autocomplete: "current-password",
            required: true,
            maxLength: 256,
            error: p.error,
            hint: p.required && !p.passkeys.length ? "Your account is staff: without an app you will set up a new one at your next sign-in." : undefined,
          })}
          <div class="actions"><button class="button secondary" type="submit">Remove authenticator app</button></div>
        </form>`
    : html`<p>Off. With an authenticator app, your password alone cannot open your account.</p>
        <form method="post" action="${p.action}">
          ${hidden("setup")}
          <div class="actions"><button class="button" type="submit">Set up authenticator app</button></div>
        </form>`;
}
