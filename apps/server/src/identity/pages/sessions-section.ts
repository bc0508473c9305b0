import type { SessionSummary } from "../session-list.js";
import { html, type SafeHtml } from "./html.js";
import { alert, csrfInput } from "./layout.js";

export interface SessionsSection {
  sessions: SessionSummary[];
  currentSessionId: string;
  csrf: string;
  action: string;
  notice?: { kind: "success" | "error"; message: string };
}

/** A time as people read it on any machine, without the page knowing their zone: "2026-12-01 21:34 UTC". */
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The browser and system of a user agent in a few words; the whole string is in the title for who wants it. */
export function browserOf(userAgent: string): string {
  // Most specific first: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
  const browsers: [RegExp, string][] = [
    [/Edg\//, "Edge"],
    [/OPR\//, "Opera"],
    [/Firefox\//, "Firefox"],
    [/Chrom(e|ium)\//, "Chrome"],
    [/Safari\//, "Safari"],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, "Android"],
    [/iPhone|iPad/, "iOS"],
    [/CrOS/, "ChromeOS"],
    [/Windows/, "Windows"],
    [/Mac OS X/, "macOS"],
    [/Linux/, "Linux"],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return browser ? [browser, system].filter(Boolean).join(" on ") : "Unknown browser";
}

/** "Signed-in sessions" on the account page: each session with where and when, and a way to end the others. */
export function sessionsSection(p: SessionsSection): SafeHtml {
  const others = p.sessions.filter((s) => s.id !== p.currentSessionId);
  const row = (s: SessionSummary) => {
    const current = s.id === p.currentSessionId;
    return html`<li class="session">
      <p class="name" title="${s.userAgent}">${browserOf(s.userAgent)}${current ? html` <span class="badge">This browser</span>` : ""}</p>
      <p class="meta">${s.address || "Unknown address"} · signed in ${when(s.startedMs)} · last used ${when(s.lastSeenMs)}</p>
      ${s.clients.length ? html`<p class="meta">Apps: ${s.clients.join(", ")}</p>` : ""}
      ${
        current
          ? ""
          : html`<form method="post" action="${p.action}">
              ${csrfInput(p.csrf)}<input type="hidden" name="session" value="${s.id}" />
              <button class="button secondary" type="submit" aria-label="Sign out the session from ${browserOf(s.userAgent)} started ${when(s.startedMs)}">
                Sign out
              </button>
            </form>`
      }
    </li>`;
  };
  return html`<section class="section" id="sessions" aria-labelledby="sessions-heading">
    <h2 id="sessions-heading">Signed-in sessions</h2>
    ${p.notice ? alert(p.notice.kind, p.notice.message) : ""}
    <ul class="sessions">
      ${p.sessions.map(row)}
    </ul>
    ${
      others.length
        ? html`<form method="post" action="${p.action}">
            ${csrfInput(p.csrf)}<input type="hidden" name="session" value="others" />
            <div class="actions"><button class="button secondary" type="submit">Sign out all other sessions</button></div>
          </form>`
        : ""
    }
  </section>`;
}
