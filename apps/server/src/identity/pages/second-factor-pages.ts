import { html, type SafeHtml } from "./html.js";
import { alert, csrfInput, field, layout, type PageLinks } from "./layout.js";

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

export function secondFactorPage(links: PageLinks, f: SecondFactorForm): string {
  return layout(links, {
    title: "Two-factor authentication",
    body: html`<h1>Two-factor authentication</h1>
      <p class="lead">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      ${alert("error", f.error)}
      <form method="post" action="${f.action}" novalidate>
        ${hidden(f)}
        ${field({ name: "code", label: "Authentication code", autocomplete: "one-time-code", autofocus: true, required: true, maxLength: 20, error: f.error ? "Enter the current code or an unused recovery code." : undefined })}
        <div class="actions"><button class="button" type="submit">Verify</button></div>
      </form>`,
  });
}

export function secondFactorSetupPage(links: PageLinks, f: SecondFactorForm & { secret: { uri: string; text: string } }): string {
  return layout(links, {
    title: "Set up two-factor authentication",
    body: html`<h1>Set up two-factor authentication</h1>
      <p class="lead">Your account is staff: it needs an authenticator app besides the password before you continue.</p>
      ${alert("error", f.error)} ${totpSetupFields(f.secret)}
      <form method="post" action="${f.action}" novalidate>
        ${hidden(f)}
        ${field({ name: "code", label: "Code from your app", autocomplete: "one-time-code", autofocus: true, required: true, maxLength: 20, error: f.error ? "Enter the 6-digit code your app shows now." : undefined })}
        <div class="actions"><button class="button accent" type="submit">Confirm</button></div>
      </form>`,
  });
}

/** The recovery codes, shown once right after they were made. */
export function recoveryCodesList(codes: string[]): SafeHtml {
  return html`<p>Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator app. They are shown only now.</p>
    <ol class="recovery-codes" aria-label="Recovery codes">
      ${codes.map((c) => html`<li><code>${c}</code></li>`)}
    </ol>`;
}

export function recoveryCodesPage(links: PageLinks, f: SecondFactorForm & { codes: string[] }): string {
  return layout(links, {
    title: "Recovery codes",
    body: html`<h1>Two-factor authentication is on</h1>
      ${alert("success", "Your authenticator app is set up.")} ${recoveryCodesList(f.codes)}
      <form method="post" action="${f.action}">
        ${hidden(f)}
        <div class="actions"><button class="button" type="submit">I saved them, continue</button></div>
      </form>`,
  });
}
