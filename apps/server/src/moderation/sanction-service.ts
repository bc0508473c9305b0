import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import {
  LadderStepSchema,
  ModerationSettingsSchema,
  SanctionSuggestionSchema,
  SanctionsSchema,
  type IssueSanctionRequest,
  type Sanction,
  type SanctionService,
} from "../gen/sro/moderation/moderation_pb.js";
import { callerOf, holdsCapability, holdsCapabilityForAll } from "../platform/auth/caller.js";
import { requireRecentSignIn } from "../platform/auth/step-up.js";
import type { Logger } from "../platform/logger.js";
import { kindToProto, sanctionMessage, withoutStaff, type SanctionFact } from "./sanction-message.js";
import { requireUuid } from "../platform/validation.js";
import { auditActorOf } from "../audit/audit-actor.js";
import {
  accountBanDenied,
  isAccountBan,
  issueInput,
  listQuery,
  revokeReason,
  settingsInput,
  suggestedStep,
  suggestSubject,
  type SanctionInput,
  type Settings,
} from "./moderation-rules.js";
import { isActive } from "./sanction-facts.js";
import { evidenceMessage } from "./moderated-message.js";
import { requireSourceFits, sourceMessageIdOf, SOURCE_FIELD, type SourceMessage } from "./sanction-evidence-rules.js";
import { invalidArgument } from "../platform/validation.js";
import type { NamedSanction, SanctionRecord, SanctionStore, Tx } from "./sanction-store.js";
import type { ApprovalRequests } from "./approval-service.js";
import { needsApproval } from "./approval-rules.js";
import { createSanctionApprovals } from "./sanction-approvals.js";

/** How the rest of the server hears of sanctions (wired in compose.ts onto the chat bus: every node). */
export interface SanctionEvents {
  /** A sanction now holds on these characters: their open streams in a ban's scope end. */
  sanctioned(characterIds: readonly string[], sanction: SanctionFact): Promise<void>;
  /** The account's active account bans are now `bans` (every node's gate); `tightenedBy`: its tokens and streams end. */
  accountBansChanged(accountId: string, bans: readonly SanctionFact[], tightenedBy?: SanctionFact): Promise<void>;
}

/** Sanctions issued inside another service's transaction (createSanctionService's `issuer`). */
export interface SanctionIssuer {
  /** A valid request (INVALID_ARGUMENT naming the field), account bans for admins only (PERMISSION_DENIED). */
  input(req: IssueSanctionRequest, ctx: HandlerContext): SanctionInput;
  /** The account the sanction falls on; NOT_FOUND when its subject or scope is unknown. */
  subjectAccount(input: SanctionInput): Promise<string>;
  insert(tx: Tx, actor: AuditActor, input: SanctionInput, accountId: string, atMs: number): Promise<SanctionRecord>;
  /** After the transaction commits: streams and account-ban gates hear of it. */
  announce(record: SanctionRecord): Promise<void>;
}

/** Sanctions read and changed by another service's write (createSanctionService's `changer`). */
export interface SanctionChanger {
  find(id: string): Promise<NamedSanction | undefined>;
  /** An account's own sanctions (GetMySanctions' list), newest first. */
  mine(accountId: string): Promise<NamedSanction[]>;
  /** An account's sanctions and its characters', newest first (up to 200). */
  history(accountId: string): Promise<NamedSanction[]>;
  messages(list: readonly NamedSanction[]): Promise<Sanction[]>;
  /** Account bans are changed by admins only (PERMISSION_DENIED). */
  requireMayChange(record: SanctionRecord, ctx: HandlerContext): void;
  revokeIn(tx: Tx, actor: AuditActor, before: NamedSanction, reason: string, atMs: number): Promise<SanctionRecord>;
  shortenIn(tx: Tx, actor: AuditActor, before: NamedSanction, expiresAtMs: number, atMs: number): Promise<SanctionRecord>;
  /** After the transaction commits: the account-ban gates hear of it. */
  announce(record: SanctionRecord): Promise<void>;
}

/** Accounts of the identity provider (same database, read through what compose.ts hands in). */
export interface AccountDirectory {
  /** Usernames by account id, for the ids that are known. */
  names(ids: readonly string[]): Promise<Map<string, string>>;
}

export interface SanctionServiceDeps {
  store: SanctionStore;
  events: SanctionEvents;
  accounts: AccountDirectory;
  logger: Logger;
  /** Four eyes: a permanent account ban waits here for another admin (docs/moderation.md "Approvals"). */
  approvals?: ApprovalRequests;
  now?: () => number;
}

/** The seed's channel ban reads this way in every sanction list. */
export const CHAT_VIEW_BAN_REASON = "Banned from the channel in the chat view";

const SANCTION = "sanction";
const SETTINGS_TARGET = "moderation-settings";

const notFound = (what: string, id: string) => new ConnectError(`${what} ${id} not found`, Code.NotFound);

/** The JSON an audit record holds for a sanction (before/after). */
const auditJson = (s: SanctionRecord) => ({
  ...s,
  issuedAt: new Date(s.issuedAtMs).toISOString(),
  expiresAt: s.expiresAtMs === null ? null : new Date(s.expiresAtMs).toISOString(),
  revokedAt: s.revokedAtMs === null ? null : new Date(s.revokedAtMs).toISOString(),
});

const settingsMessage = (s: Settings) =>
  create(ModerationSettingsSchema, {
    reasonTemplates: s.reasonTemplates,
    ladder: s.ladder.map((step) => create(LadderStepSchema, { kind: kindToProto[step.kind], durationSeconds: BigInt(step.durationSeconds) })),
  });

/** Thin handlers: request → rules (moderation-rules) → store (with its audit record, one transaction) → events. */
export function createSanctionService(deps: SanctionServiceDeps) {
  const { store, events, accounts } = deps;
  const now = deps.now ?? Date.now;

  /** `evidence`: with each sanction's frozen messages, for staff (senders' accounts named) or for its player (not). */
  async function toMessages(list: readonly NamedSanction[], evidence?: "staff" | "player"): Promise<Sanction[]> {
    const names = await accounts.names([...new Set(list.map((s) => s.accountId))]);
    const evidenceOf = evidence ? await store.evidence.of(list.map((s) => s.id)) : new Map<string, never>();
    const nowMs = now();
    const withEvidence = await Promise.all(
      list.map(async (s) => {
        const found = evidenceOf.get(s.id);
        if (!found) return { sourceMessageId: s.sourceMessageId === null ? "" : String(s.sourceMessageId), evidence: [] };
        const lines = evidence === "staff" ? await store.withSenderAccounts(found.messages) : found.messages;
        return { sourceMessageId: found.sourceMessageId, evidence: lines.map(evidenceMessage) };
      }),
    );
    return list.map((s, i) => {
      const message = sanctionMessage(s, nowMs, { characterName: s.characterName, accountName: names.get(s.accountId), scopeName: s.scopeName });
      message.active = isActive(s, nowMs);
      message.revokedAtMs = BigInt(s.revokedAtMs ?? 0);
      message.revokedById = s.revokedById;
      message.revokedByName = s.revokedByName;
      message.revokeReason = s.revokeReason;
      message.sourceMessageId = withEvidence[i]!.sourceMessageId;
      message.approvedById = s.approvedById;
      message.approvedByName = s.approvedByName;
      message.evidence = withEvidence[i]!.evidence;
      return message;
    });
  }

  async function one(id: string): Promise<Sanction> {
    const found = await store.find(id);
    if (!found) throw notFound("sanction", id);
    return (await toMessages([found], "staff"))[0]!;
  }

  /** After the write commits: every node's streams and gate hear of it. A failed notice is logged; the write stands. */
  async function announce(record: SanctionRecord, change: "issued" | "revoked"): Promise<void> {
    try {
      if (isAccountBan(record)) {
        const bans = await store.activeAccountBans(now(), record.accountId);
        await events.accountBansChanged(record.accountId, bans, change === "issued" ? record : undefined);
      }
      if (change === "issued" && record.kind === "ban") {
        const characterIds = record.characterId !== null ? [record.characterId] : await store.characterIdsOf(record.accountId);
        await events.sanctioned(characterIds, record);
      }
    } catch (error) {
      deps.logger.error({ err: error, sanctionId: record.id }, "could not announce a sanction change; sends and new streams still obey it");
    }
  }

  /** Checks the subject and the scope exist (NOT_FOUND); the account the sanction falls on. */
  async function subjectAccount(input: SanctionInput): Promise<string> {
    let accountId = input.accountId;
    if (input.characterId !== null) {
      const character = await store.character(input.characterId);
      if (!character) throw notFound("character", input.characterId);
      accountId = character.ownerId;
    } else if (!(await accounts.names([accountId!])).has(accountId!) && !(await store.ownsAnyCharacter(accountId!))) {
      throw notFound("account", accountId!);
    }
    if (input.scopeId !== null && (await store.scopeName(input.scope, input.scopeId)) === undefined) {
      throw notFound(input.scope === "channel" ? "chat channel" : "dimension", input.scopeId);
    }
    return accountId!;
  }

  /**
   * Writes the sanction, the evidence around its source message (if any) and its audit record in the caller's
   * transaction. With `approver`: `actor` requested it and stays its issuer; the approver's write is audited.
   */
  async function insertWithAudit(
    tx: Tx,
    actor: AuditActor,
    input: SanctionInput,
    accountId: string,
    issuedAtMs: number,
    source: SourceMessage | null = null,
    approver?: AuditActor,
  ): Promise<SanctionRecord> {
    const inserted = await store.insert(
      tx,
      { ...input, accountId, sourceMessageId: source?.id ?? null },
      { atMs: issuedAtMs, byId: actor.id, byName: actor.name, approvedById: approver?.id, approvedByName: approver?.name },
    );
    if (source) await store.evidence.freeze(tx, inserted.id, source);
    await appendAudit(tx, approver ?? actor, { action: "sanction.issue", targetType: SANCTION, targetId: inserted.id, after: auditJson(inserted) }, issuedAtMs);
    return inserted;
  }

  /**
   * Writes the sanction and its audit record together; issued from a chat line (`source`), with the messages around
   * it frozen as its evidence. `mayReadDirect`: the caller reads others' direct messages (a direct message's line).
   */
  async function issue(actor: AuditActor, input: SanctionInput, source?: { id: number; mayReadDirect: boolean }): Promise<SanctionRecord> {
    const accountId = await subjectAccount(input);
    const message = source ? requireSourceFits(await store.evidence.source(source.id), source.id, input, accountId, source.mayReadDirect) : null;
    const issuedAtMs = now();
    const record = await store.transaction((tx) => insertWithAudit(tx, actor, input, accountId, issuedAtMs, message));
    await announce(record, "issued");
    return record;
  }

  /** Revokes `before` and appends its audit record in the caller's transaction; FAILED_PRECONDITION when revoked meanwhile. */
  async function revokeIn(tx: Tx, actor: AuditActor, before: NamedSanction, reason: string, atMs: number): Promise<SanctionRecord> {
    const revoked = await store.revoke(tx, before.id, { atMs, byId: actor.id, byName: actor.name, reason });
    if (!revoked) throw new ConnectError(`sanction ${before.id} is already revoked`, Code.FailedPrecondition);
    const { characterName: _c, scopeName: _s, ...plain } = before;
    await appendAudit(
      tx,
      actor,
      { action: "sanction.revoke", targetType: SANCTION, targetId: before.id, before: auditJson(plain), after: auditJson(revoked) },
      atMs,
    );
    return revoked;
  }

  /** Moves the end of active `before` to `expiresAtMs` with its audit record (`sanction.shorten`) in the caller's transaction. */
  async function shortenIn(tx: Tx, actor: AuditActor, before: NamedSanction, expiresAtMs: number, atMs: number): Promise<SanctionRecord> {
    const shortened = await store.shorten(tx, before.id, expiresAtMs, atMs);
    if (!shortened) throw new ConnectError(`sanction ${before.id} is no longer active or already ends earlier`, Code.FailedPrecondition);
    const { characterName: _c, scopeName: _s, ...plain } = before;
    await appendAudit(
      tx,
      actor,
      { action: "sanction.shorten", targetType: SANCTION, targetId: before.id, before: auditJson(plain), after: auditJson(shortened) },
      atMs,
    );
    return shortened;
  }

  async function revoke(actor: AuditActor, id: string, reason: string, isAdmin: boolean): Promise<SanctionRecord> {
    const before = await store.find(id);
    if (!before) throw notFound("sanction", id);
    if (isAccountBan(before) && !isAdmin) throw accountBanDenied();
    if (before.revokedAtMs !== null) throw new ConnectError(`sanction ${id} is already revoked`, Code.FailedPrecondition);
    const atMs = now();
    const after = await store.transaction((tx) => revokeIn(tx, actor, before, reason, atMs));
    await announce(after, "revoked");
    return after;
  }

  /** An account ban is admins' only, and needs a recent sign-in (docs/permissions.md "Step-up"). */
  function requireMayIssue(input: ReturnType<typeof issueInput>, ctx: HandlerContext): void {
    if (!isAccountBan(input)) return;
    if (!holdsCapability(ctx, "sanctions.account-ban")) throw accountBanDenied();
    requireRecentSignIn(callerOf(ctx));
  }

  const approvals = createSanctionApprovals({ store, accounts, now, subjectAccount, insertWithAudit, announce: (r) => announce(r, "issued") });

  const service: ServiceImpl<typeof SanctionService> = {
    async issueSanction(req, ctx) {
      const input = issueInput(req, now());
      const sourceId = sourceMessageIdOf(req.sourceMessageId);
      requireMayIssue(input, ctx);
      // Reading others' direct messages is admins' (docs/permissions.md): only they freeze a direct message's line.
      const source = sourceId === null ? undefined : { id: sourceId, mayReadDirect: holdsCapabilityForAll(ctx, "chat.direct-messages") };
      if (deps.approvals && needsApproval(input)) return approvals.request(deps.approvals, req, input, source, ctx);
      return one((await issue(auditActorOf(ctx), input, source)).id);
    },

    async revokeSanction(req, ctx) {
      const id = requireUuid(req.id, "id");
      const reason = revokeReason(req.reason);
      await revoke(auditActorOf(ctx), id, reason, holdsCapability(ctx, "sanctions.account-ban"));
      return one(id);
    },

    async getSanction(req) {
      return one(requireUuid(req.id, "id"));
    },

    async listSanctions(req) {
      const { total, sanctions } = await store.list(listQuery(req), now());
      return create(SanctionsSchema, { total: BigInt(total), sanctions: await toMessages(sanctions) });
    },

    async getMySanctions(_req, ctx) {
      const mine = await store.mine(callerOf(ctx).sub);
      return create(SanctionsSchema, { total: BigInt(mine.length), sanctions: (await toMessages(mine, "player")).map(withoutStaff) });
    },

    async suggestSanction(req) {
      const subject = suggestSubject(req);
      if (subject.characterId !== null && !(await store.character(subject.characterId))) throw notFound("character", subject.characterId);
      if (
        subject.accountId !== null &&
        !(await accounts.names([subject.accountId])).has(subject.accountId) &&
        !(await store.ownsAnyCharacter(subject.accountId))
      )
        throw notFound("account", subject.accountId);
      const [prior, settings] = await Promise.all([store.priorCount(subject), store.settings()]);
      const step = suggestedStep(settings.ladder, prior);
      return create(SanctionSuggestionSchema, {
        step: create(LadderStepSchema, { kind: kindToProto[step.kind], durationSeconds: BigInt(step.durationSeconds) }),
        priorSanctions: prior,
      });
    },

    async getModerationSettings() {
      return settingsMessage(await store.settings());
    },

    async setModerationSettings(req, ctx) {
      const settings = settingsInput(req);
      const actor = auditActorOf(ctx);
      const before = await store.settings();
      await store.transaction(async (tx) => {
        await store.saveSettings(tx, settings);
        await appendAudit(tx, actor, { action: "moderation-settings.edit", targetType: SETTINGS_TARGET, targetId: "default", before, after: settings }, now());
      });
      return settingsMessage(settings);
    },
  };

  /** The seed's BanCharacterFromChatChannel (chat-service.ts ChannelBans): a channel-scoped chat ban by the caller. */
  const channelBans = {
    async ban(ctx: HandlerContext, characterId: string, channelId: string, expiresAtMs: number | null): Promise<void> {
      await issue(auditActorOf(ctx), {
        kind: "ban",
        scope: "channel",
        scopeId: channelId,
        characterId,
        accountId: null,
        expiresAtMs,
        reason: CHAT_VIEW_BAN_REASON,
        playerMessage: "",
      });
    },
    async lift(ctx: HandlerContext, characterId: string, channelId: string): Promise<void> {
      const actor = auditActorOf(ctx);
      for (const ban of await store.activeChannelBans(characterId, channelId, now())) {
        await revoke(actor, ban.id, "Lifted in the chat view", true).catch((error: unknown) => {
          // Revoked meanwhile by someone else: already the wanted state.
          if (!(error instanceof ConnectError && error.code === Code.FailedPrecondition)) throw error;
        });
      }
    },
  };

  /**
   * Issuing a sanction as one step of a larger write (a report's resolution, report-service.ts): the same rules as
   * IssueSanction, the row and its audit record in the caller's transaction, the notices after it commits.
   */
  const issuer: SanctionIssuer = {
    input(req, ctx) {
      const input = issueInput(req, now());
      // A report's sanction shows the report's evidence: it freezes none of its own.
      if (req.sourceMessageId !== "") throw invalidArgument(SOURCE_FIELD, "a report's sanction takes the report's evidence: leave it empty");
      requireMayIssue(input, ctx);
      return input;
    },
    subjectAccount,
    insert: insertWithAudit,
    announce: (record) => announce(record, "issued"),
  };

  /**
   * Changing a sanction as one step of a larger write (an appeal's decision, appeal-service.ts): the same rules and
   * audit records as RevokeSanction, the change in the caller's transaction, the notices after it commits.
   */
  const changer: SanctionChanger = {
    find: (id) => store.find(id),
    mine: (accountId) => store.mine(accountId),
    history: async (accountId) => (await store.list({ accountId, limit: 200, offset: 0 }, now())).sanctions,
    messages: toMessages,
    requireMayChange(record, ctx) {
      if (isAccountBan(record) && !holdsCapability(ctx, "sanctions.account-ban")) throw accountBanDenied();
    },
    revokeIn,
    shortenIn,
    announce: (record) => announce(record, "revoked"),
  };

  return { service, channelBans, issuer, changer, approvedBans: approvals.executor };
}
