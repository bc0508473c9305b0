import { html, type SafeHtml } from "./html.js";
import { alert, csrfInput, field, layout, type PageLinks } from "./layout.js";
import { passkeyRegisterForm, passkeySignInForm, type PasskeyCeremony } from "./passkey-forms.js";

/** What the sign-in's second-factor pages post besides the code: the CSRF token and the password step's ticket. */
export interface SecondFactorForm {
  action: string;
  csrf: string;
  ticket: string;
  error?: string;
}

const hidden = (f: SecondFactorForm) => html`${csrfInput(f.csrf)}<input type="hidden" name="ticket" value="${f.ticket}" />`;

/** Authenticator-app setup: the secret as an otpauth:// link (apps import it) and as text to type in. */
export function totpSetupFields(secret: { uri: string; text: string }): SafeHtml {
  return html`<ol class="steps">
      <li>Open your authenticator app (for example Aegis, Google Authenticator, 1Password) and add an account.</li>
      <li>
        Open <a href="${secret.uri}">this setup link</a> on the device with the app, or enter this key by hand (time-based, 6 digits):
        <code class="secret" aria-label="Setup key">${secret.text}</code>
      </li>
      <li>Type the 6-digit code the app shows below.</li>
    </ol>
    <details>
      <summary>Setup link as text</summary>
      <code class="secret">${secret.uri}</code>
    </details>`;
}

/**
 * The sign-in's second step: a passkey (when the account has one) and the code form (when it has an app or recovery
 * codes left).
 */
export function secondFactorPage(links: PageLinks, f: SecondFactorForm & { passkey?: Omit<PasskeyCeremony, "hidden">; codes?: boolean }): string {
  const codes = f.codes ?? true;
  const lead = f.passkey
    ? codes
      ? "Use your passkey, or enter a code from your authenticator app or one of your recovery codes."
      : "Use your passkey."
    : "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
  return layout(links, {
    title: "Two-factor authentication",
    scripts: f.passkey ? links.passkeyScripts : undefined,
    body: html`<h1>Two-factor authentication</h1>
      <p class="lead">${lead}</p>
      ${alert("error", f.error)} ${f.passkey ? passkeySignInForm({ ...f.passkey, hidden: hidden(f) }) : ""}
      ${
        codes
          ? html`<form method="post" action="${f.action}" novalidate>
              ${hidden(f)}
              ${field({ name: "code", label: "Authentication code", autocomplete: "one-time-code", autofocus: !f.passkey, required: true, maxLength: 20, error: f.error && !f.passkey ? "Enter the current code or an unused recovery code." : undefined })}
              <div class="actions"><button class="button${f.passkey ? " secondary" : ""}" type="submit">Verify</button></div>
            </form>`
          : ""
      }`,
  });
}

export function secondFactorSetupPage(
  links: PageLinks,
  f: SecondFactorForm & { secret: { uri: string; text: string }; passkey: Omit<PasskeyCeremony, "hidden">; passkeyError?: string },
): string {
  return layout(links, {
    title: "Set up two-factor authentication",
    scripts: links.passkeyScripts,
    body: html`<h1>Set up two-factor authentication</h1>
      <p class="lead">Your account is staff: it needs a passkey or an authenticator app besides the password before you continue.</p>
      ${alert("error", f.error ?? f.passkeyError)}
      <h2>An authenticator app</h2>
      ${totpSetupFields(f.secret)}
      <form method="post" action="${f.action}" novalidate>
        ${hidden(f)}
        ${field({ name: "code", label: "Code from your app", autocomplete: "one-time-code", autofocus: !f.passkeyError, required: true, maxLength: 20, error: f.error ? "Enter the 6-digit code your app shows now." : undefined })}
        <div class="actions"><button class="button accent" type="submit">Confirm</button></div>
      </form>
      <h2>Or a passkey</h2>
      ${passkeyRegisterForm({ ...f.passkey, hidden: hidden(f), error: f.passkeyError })}`,
  });
}

/** The recovery codes, shown once right after they were made. */
export function recoveryCodesList(codes: string[]): SafeHtml {
  return html`<p>Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator app or passkey. They are shown only now.</p>
    <ol class="recovery-codes" aria-label="Recovery codes">
      ${codes.map((c) => html`<li><code>${c}</code></li>`)}
    </ol>`;
}

export function recoveryCodesPage(links: PageLinks, f: SecondFactorForm & { codes: string[]; what?: string }): string {
  return layout(links, {
    title: "Recovery codes",
    body: html`<h1>Two-factor authentication is on</h1>
      ${alert("success", f.what ?? "Your authenticator app is set up.")} ${recoveryCodesList(f.codes)}
      <form method="post" action="${f.action}">
        ${hidden(f)}
        <div class="actions"><button class="button" type="submit">I saved them, continue</button></div>
      </form>`,
  });
}
