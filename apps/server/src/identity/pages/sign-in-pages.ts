import { MAX_PASSWORD_LENGTH } from "../passwords.js";
import { html } from "./html.js";
import { alert, csrfInput, field, layout, type PageLinks } from "./layout.js";

export interface LoginPage {
  action: string;
  registerUrl: string;
  csrf: string;
  username?: string;
  error?: string;
  info?: string;
}

export function loginPage(links: PageLinks, p: LoginPage): string {
  return layout(links, {
    title: "Sign in",
    body: html`<h1>Sign in</h1>
      <p class="lead">Welcome back, runner. Sign in to your SRO account.</p>
      ${alert("error", p.error)}${alert("info", p.info)}
      <form method="post" action="${p.action}" novalidate>
        ${csrfInput(p.csrf)}
        ${field({ name: "username", label: "Username or email", value: p.username, autocomplete: "username", autofocus: !p.username, required: true, maxLength: 254 })}
        ${field({ name: "password", label: "Password", type: "password", autocomplete: "current-password", autofocus: !!p.username, required: true, maxLength: MAX_PASSWORD_LENGTH })}
        <div class="actions"><button class="button" type="submit">Sign in</button></div>
      </form>
      <p class="switch">New to SRO? <a href="${p.registerUrl}">Create an account</a></p>`,
  });
}

export type RegistrationField = "username" | "email" | "firstName" | "lastName" | "password" | "passwordConfirm";

export interface RegisterPage {
  action: string;
  loginUrl: string;
  csrf: string;
  values?: Partial<Record<RegistrationField, string>>;
  errors?: Partial<Record<RegistrationField, string>>;
  error?: string;
}

export function registerPage(links: PageLinks, p: RegisterPage): string {
  const v = p.values ?? {};
  const e = p.errors ?? {};
  return layout(links, {
    title: "Create an account",
    body: html`<h1>Create an account</h1>
      <p class="lead">Free to play, no credit card. Claim your handle.</p>
      ${alert("error", p.error ?? (Object.keys(e).length ? "Please correct the highlighted fields." : undefined))}
      <form method="post" action="${p.action}" novalidate>
        ${csrfInput(p.csrf)}
        ${field({ name: "username", label: "Username", value: v.username, error: e.username, autocomplete: "username", autofocus: true, required: true, maxLength: 32, hint: "3–32 characters: letters, digits, dot, dash or underscore." })}
        ${field({ name: "email", label: "Email", type: "email", value: v.email, error: e.email, autocomplete: "email", required: true, maxLength: 254 })}
        <div class="row">
          ${field({ name: "firstName", label: "First name", value: v.firstName, error: e.firstName, autocomplete: "given-name", required: true, maxLength: 64 })}
          ${field({ name: "lastName", label: "Last name", value: v.lastName, error: e.lastName, autocomplete: "family-name", required: true, maxLength: 64 })}
        </div>
        ${field({ name: "password", label: "Password", type: "password", error: e.password, autocomplete: "new-password", required: true, maxLength: MAX_PASSWORD_LENGTH, hint: "At least 8 characters." })}
        ${field({ name: "passwordConfirm", label: "Confirm password", type: "password", error: e.passwordConfirm, autocomplete: "new-password", required: true, maxLength: MAX_PASSWORD_LENGTH })}
        <div class="actions"><button class="button accent" type="submit">Create account</button></div>
      </form>
      <p class="switch">Already have an account? <a href="${p.loginUrl}">Sign in</a></p>`,
  });
}
