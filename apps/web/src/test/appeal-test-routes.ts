import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import {
  AppealDecision,
  AppealDetailSchema,
  AppealSchema,
  AppealsSchema,
  type Appeal,
  type AppealService,
  type DecideAppealRequest,
} from '../gen/sro/moderation/appeals_pb';
import type { Sanction } from '../gen/sro/moderation/moderation_pb';

// An in-memory AppealService over the sanction test server's sanctions: the rules the screens meet (once per active
// sanction; a decision changes the sanction), the player's view without the decider.

export function createAppealRoutes(sanctions: Sanction[], nowMs: number) {
  const appeals: Appeal[] = [];
  const decided: DecideAppealRequest[] = [];
  const failures: { decide?: ConnectError } = {};
  const sanctionOf = (id: string) => sanctions.find((s) => s.id === id);
  const withSanction = (a: Appeal, forPlayer: boolean): Appeal => {
    const s = sanctionOf(a.sanctionId);
    const sanction = s && (forPlayer ? { ...s, issuedById: '', issuedByName: '', revokedById: '', revokedByName: '' } : s);
    return create(AppealSchema, { ...a, sanction, decidedById: forPlayer ? '' : a.decidedById, decidedByName: forPlayer ? '' : a.decidedByName });
  };
  const routes: Partial<ServiceImpl<typeof AppealService>> = {
    fileAppeal: (req) => {
      const s = sanctionOf(req.sanctionId);
      if (!s) throw new ConnectError(`sanction ${req.sanctionId} not found`, Code.NotFound);
      if (!s.active) throw new ConnectError(`sanction ${s.id} is not active`, Code.FailedPrecondition);
      if (appeals.some((a) => a.sanctionId === s.id)) throw new ConnectError(`sanction ${s.id} has already been appealed`, Code.AlreadyExists);
      const appeal = create(AppealSchema, {
        id: `a-${appeals.length + 1}`,
        sanctionId: s.id,
        accountId: s.accountId,
        accountName: s.accountName,
        reason: req.reason,
        text: req.text,
        filedAtMs: BigInt(nowMs),
      });
      appeals.push(appeal);
      return withSanction(appeal, true);
    },
    getMyAppeals: () => create(AppealsSchema, { total: BigInt(appeals.length), appeals: appeals.map((a) => withSanction(a, true)) }),
    listAppeals: (req) => {
      const shown = appeals.filter(
        (a) => (req.includeDecided || a.decision === AppealDecision.UNSPECIFIED) && (req.accountId === '' || a.accountId === req.accountId),
      );
      return create(AppealsSchema, { total: BigInt(shown.length), appeals: shown.map((a) => withSanction(a, false)) });
    },
    getAppeal: (req) => {
      const a = appeals.find((x) => x.id === req.id);
      if (!a) throw new ConnectError(`appeal ${req.id} not found`, Code.NotFound);
      const s = sanctionOf(a.sanctionId);
      return create(AppealDetailSchema, { appeal: withSanction(a, false), history: sanctions.filter((x) => x.accountId === s?.accountId && x.id !== s?.id) });
    },
    decideAppeal: (req) => {
      if (failures.decide) throw failures.decide;
      const a = appeals.find((x) => x.id === req.appealId);
      if (!a) throw new ConnectError(`appeal ${req.appealId} not found`, Code.NotFound);
      decided.push(req);
      Object.assign(a, { decision: req.decision, decisionReason: req.reason, decidedAtMs: BigInt(nowMs), decidedById: 'u-admin', decidedByName: 'admin' });
      const s = sanctionOf(a.sanctionId)!;
      if (req.decision === AppealDecision.REVOKED) Object.assign(s, { active: false, revokedAtMs: BigInt(nowMs), revokeReason: req.reason });
      if (req.decision === AppealDecision.SHORTENED) {
        a.newExpiresAtMs = req.newExpiresAtMs;
        s.expiresAtMs = req.newExpiresAtMs;
      }
      return create(AppealDetailSchema, { appeal: withSanction(a, false) });
    },
  };
  return { routes, appeals, decided, failures };
}
