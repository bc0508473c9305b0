import { html, SafeHtml } from "./html.js";
import { layout, type PageLinks } from "./layout.js";

/** Readable error page: a title, a sentence, a way back. Never a stack trace. */
export function errorPage(links: PageLinks, p: { title: string; message: string; detail?: string }): string {
  return layout(links, {
    title: p.title,
    body: html`<h1>${p.title}</h1>
      <p class="lead">${p.message}</p>
      ${p.detail ? html`<div class="alert error">${p.detail}</div>` : ""}
      <div class="actions"><a class="button secondary" href="${links.home}">Back to SRO</a></div>`,
  });
}

/**
 * Logout confirmation. `providerForm` is oidc-provider's hidden form (action + its own xsrf token); the buttons
 * submit it: `logout=yes` ends the session, the other keeps it.
 */
export function logoutPage(links: PageLinks, providerForm: string, autoConfirmScript?: string): string {
  return layout(links, {
    title: "Sign out",
    // Like Keycloak: an app that proves who it signs out (a valid id_token_hint) is not asked again; the page
    // confirms itself. Without scripts the buttons still work.
    script: autoConfirmScript,
    body: html`<h1>Sign out</h1>
      <p class="lead">
        ${autoConfirmScript ? "Signing you out of SRO…" : "Do you want to sign out of SRO? You will be signed out of the game site and the admin console."}
      </p>
      ${new SafeHtml(providerForm)}
      <div class="actions">
        <button class="button accent" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
        <button class="button secondary" type="submit" form="op.logoutForm">Stay signed in</button>
      </div>`,
  });
}

/**
 * Logout of a browser without a session at the provider (no hint, or a hint of a session already ended, e.g. signed
 * out in another tab): nothing to ask, so the page confirms itself with our own script (the identity pages' CSP
 * allows no inline script — oidc-provider's own "Submitting Callback" form would stay blank); without scripts the
 * button takes the user on to where the app asked to go back to.
 */
export function noSessionLogoutPage(links: PageLinks, action: string, xsrf: string): string {
  return layout(links, {
    title: "Sign out",
    script: links.logoutConfirmScript,
    body: html`<h1>Sign out</h1>
      <p class="lead">You are signed out of SRO.</p>
      <form id="op.logoutForm" method="post" action="${action}"><input type="hidden" name="xsrf" value="${xsrf}" /></form>
      <div class="actions">
        <button class="button accent" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Continue</button>
      </div>`,
  });
}

export function loggedOutPage(links: PageLinks): string {
  return layout(links, {
    title: "Signed out",
    body: html`<h1>Signed out</h1>
      <p class="lead">You have been signed out. See you in the grid.</p>
      <div class="actions"><a class="button" href="${links.home}">Back to SRO</a></div>`,
  });
}

/** After "Stay signed in": the app that asked was signed out, the single sign-on session was kept. */
export function stillSignedInPage(links: PageLinks, accountUrl: string): string {
  return layout(links, {
    title: "Still signed in",
    body: html`<h1>Still signed in</h1>
      <p class="lead">You are still signed in to SRO.</p>
      <div class="actions"><a class="button" href="${links.home}">Back to SRO</a><a class="button secondary" href="${accountUrl}">Your Profile</a></div>`,
  });
}
