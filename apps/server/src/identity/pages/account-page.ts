import { MAX_PASSWORD_LENGTH } from "../passwords.js";
import { html } from "./html.js";
import { alert, csrfInput, field, layout, type PageLinks } from "./layout.js";
import { sessionsSection, type SessionsSection } from "./sessions-section.js";
import { twoFactorSection, type TwoFactorSection } from "./second-factor-section.js";

export type ProfileField = "email" | "firstName" | "lastName";
export type PasswordField = "currentPassword" | "newPassword" | "newPasswordConfirm";

export interface AccountPage {
  user: { username: string; email: string; firstName: string; lastName: string };
  groups: string[];
  csrf: string;
  profileAction: string;
  passwordAction: string;
  signOutUrl: string;
  backUrl: string;
  profileValues?: Partial<Record<ProfileField, string>>;
  profileErrors?: Partial<Record<ProfileField, string>>;
  passwordErrors?: Partial<Record<PasswordField, string>>;
  notice?: { kind: "success" | "error"; message: string; section: "profile" | "password" };
  sessions: SessionsSection;
  twoFactor: TwoFactorSection;
}

function initials(first: string, last: string, username: string): string {
  const letters = `${first.trim()[0] ?? ""}${last.trim()[0] ?? ""}` || username.slice(0, 2);
  return letters.toUpperCase();
}

export function accountPage(links: PageLinks, p: AccountPage): string {
  const values = { email: p.user.email, firstName: p.user.firstName, lastName: p.user.lastName, ...p.profileValues };
  const pe = p.profileErrors ?? {};
  const we = p.passwordErrors ?? {};
  const notice = (section: "profile" | "password") => (p.notice?.section === section ? alert(p.notice.kind, p.notice.message) : html``);
  const fullName = `${p.user.firstName} ${p.user.lastName}`.trim() || p.user.username;
  return layout(links, {
    title: "Your Profile",
    wide: true,
    scripts: links.passkeyScripts,
    body: html`<h1>Your Profile</h1>
      <p class="lead">Manage the details of your SRO account.</p>
      <div class="identity">
        <span class="avatar" aria-hidden="true">${initials(p.user.firstName, p.user.lastName, p.user.username)}</span>
        <div>
          <p class="name">${fullName}</p>
          <p class="meta">@${p.user.username} · ${p.user.email}</p>
          ${p.groups.length ? html`<div class="badges">${p.groups.map((g) => html`<span class="badge">${g.slice(g.lastIndexOf("/") + 1)}</span>`)}</div>` : ""}
        </div>
      </div>
      <section class="section" id="profile" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Personal info</h2>
        ${notice("profile")}
        <form method="post" action="${p.profileAction}" novalidate>
          ${csrfInput(p.csrf)} ${field({ name: "username", label: "Username", value: p.user.username, readonly: true, hint: "Usernames cannot be changed." })}
          ${field({ name: "email", label: "Email", type: "email", value: values.email, error: pe.email, autocomplete: "email", required: true, maxLength: 254 })}
          <div class="row">
            ${field({ name: "firstName", label: "First name", value: values.firstName, error: pe.firstName, autocomplete: "given-name", required: true, maxLength: 64 })}
            ${field({ name: "lastName", label: "Last name", value: values.lastName, error: pe.lastName, autocomplete: "family-name", required: true, maxLength: 64 })}
          </div>
          <div class="actions"><button class="button" type="submit">Save changes</button></div>
        </form>
      </section>
      <section class="section" id="password" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        ${notice("password")}
        <form method="post" action="${p.passwordAction}" novalidate>
          ${csrfInput(p.csrf)}
          <input class="sr-only" type="text" name="username" value="${p.user.username}" autocomplete="username" tabindex="-1" aria-hidden="true" readonly />
          ${field({ name: "currentPassword", label: "Current password", type: "password", error: we.currentPassword, autocomplete: "current-password", required: true, maxLength: MAX_PASSWORD_LENGTH })}
          ${field({ name: "newPassword", label: "New password", type: "password", error: we.newPassword, autocomplete: "new-password", required: true, maxLength: MAX_PASSWORD_LENGTH, hint: "At least 8 characters." })}
          ${field({ name: "newPasswordConfirm", label: "Confirm new password", type: "password", error: we.newPasswordConfirm, autocomplete: "new-password", required: true, maxLength: MAX_PASSWORD_LENGTH })}
          <div class="actions"><button class="button accent" type="submit">Change password</button></div>
        </form>
      </section>
      ${sessionsSection(p.sessions)} ${twoFactorSection(p.twoFactor)}
      <div class="section actions">
        <a class="button secondary" href="${p.backUrl}">Back to SRO</a>
        <a class="button secondary" href="${p.signOutUrl}">Sign out</a>
      </div>`,
  });
}
