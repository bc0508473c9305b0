import { html, type SafeHtml } from "./html.js";

/** Where a page's links point; the same for every page of one provider. */
export interface PageLinks {
  /** The stylesheet (served by the identity handler). */
  stylesheet: string;
  /** The game's site (PUBLIC_URL). */
  home: string;
  /** Script that confirms the logout form by itself (served by the identity handler). */
  logoutConfirmScript: string;
  /** The pages' icon (served by the identity handler). */
  icon: string;
  /** @simplewebauthn/browser's bundle and the script that runs the passkey forms with it (served by the handler). */
  passkeyScripts: string[];
}

const logo = html`<svg viewBox="0 0 120 36" aria-hidden="true">
  <defs>
    <linearGradient id="sro-logo" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3ee8ff" />
      <stop offset="1" stop-color="#ff4fd8" />
    </linearGradient>
  </defs>
  <path d="M18 2l14 8v16l-14 8-14-8V10z" fill="none" stroke="url(#sro-logo)" stroke-width="3" />
  <path d="M18 10l7 4v8l-7 4-7-4v-8z" fill="url(#sro-logo)" opacity="0.85" />
  <text x="40" y="26" fill="#f1f5f9" font-family="ui-monospace, 'Cascadia Code', Menlo, monospace" font-size="22" font-weight="700" letter-spacing="3">
    SRO
  </text>
</svg>`;

export function layout(links: PageLinks, page: { title: string; body: SafeHtml; wide?: boolean; script?: string; scripts?: string[] }): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${page.title} · SRO</title>
        <link rel="icon" type="image/svg+xml" href="${links.icon}" />
        <link rel="stylesheet" href="${links.stylesheet}" />
        ${[...(page.script ? [page.script] : []), ...(page.scripts ?? [])].map((src) => html`<script src="${src}" defer></script>`)}
      </head>
      <body>
        <div class="shell">
          <header class="brand-bar">
            <a class="brand" href="${links.home}">${logo}<small>Pre-Alpha v0.2</small></a>
          </header>
          <main class="card${page.wide ? " wide" : ""}">${page.body}</main>
          <footer class="page-footer">SRO Web · single sign-on</footer>
        </div>
      </body>
    </html>`.value;
}

export interface FieldOptions {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  value?: string;
  error?: string;
  hint?: string;
  autocomplete?: string;
  autofocus?: boolean;
  required?: boolean;
  readonly?: boolean;
  maxLength?: number;
}

/** A labelled input; its error is announced with it (aria-describedby) and marks it invalid. */
export function field(o: FieldOptions): SafeHtml {
  const id = `field-${o.name}`;
  const described = [o.error ? `${id}-error` : "", o.hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return html`<div class="field">
    <label for="${id}">${o.label}</label>
    <input
      id="${id}"
      name="${o.name}"
      type="${o.type ?? "text"}"
      value="${o.type === "password" ? "" : (o.value ?? "")}"
      ${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ""}${o.required ? html` required` : ""}${o.autofocus ? html` autofocus` : ""}${o.readonly ? html` readonly` : ""}${o.maxLength ? html` maxlength="${o.maxLength}"` : ""}${o.error ? html` aria-invalid="true"` : ""}${described ? html` aria-describedby="${described}"` : ""}
    />
    ${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ""} ${o.error ? html`<p class="field-error" id="${id}-error">${o.error}</p>` : ""}
  </div>`;
}

export function alert(kind: "error" | "success" | "info", message: string | undefined): SafeHtml {
  return message ? html`<div class="alert ${kind}" role="${kind === "error" ? "alert" : "status"}">${message}</div>` : html``;
}

export const csrfInput = (token: string) => html`<input type="hidden" name="csrf" value="${token}" />`;
