import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { createIdentityAdminFetch } from './identity-admin-fetch';
import { CharacterSchema, CharacterService } from '../gen/sro/character/character_pb';
import { ChatChannelSchema, ChatChannelsSchema, ChatService } from '../gen/sro/chat/chat_pb';
import { DimensionSchema, DimensionService, DimensionsSchema } from '../gen/sro/gameserver/gameserver_pb';
import {
  LadderStepSchema,
  ModerationSettingsSchema,
  SanctionKind,
  SanctionScope,
  SanctionSchema,
  SanctionSuggestionSchema,
  SanctionService,
  SanctionsSchema,
  SanctionState,
  type IssueSanctionRequest,
  type ListSanctionsRequest,
  type RevokeSanctionRequest,
  type Sanction,
  type SuggestSanctionRequest,
} from '../gen/sro/moderation/moderation_pb';
import { AppealService } from '../gen/sro/moderation/appeals_pb';
import { createAppealRoutes } from './appeal-test-routes';

// An in-memory SanctionService (and the few game reads the sanction screens make) behind Connect's router
// transport: real clients, real ConnectErrors; tests read what was asked and decide what is answered.

export const NOW_MS = Date.UTC(2030, 0, 15, 10, 0);

export function makeSanction(fields: Partial<Omit<Sanction, '$typeName' | '$unknown'>> = {}): Sanction {
  return create(SanctionSchema, {
    id: 's-1',
    kind: SanctionKind.MUTE,
    scope: SanctionScope.CHANNEL,
    scopeId: 'ch-1',
    scopeName: 'General',
    characterId: 'c-pia',
    characterName: 'Pia Nightshade',
    accountId: 'u-player',
    accountName: 'player',
    issuedAtMs: BigInt(NOW_MS - 3_600_000),
    expiresAtMs: BigInt(NOW_MS + 3_600_000),
    reason: 'Spam',
    playerMessage: 'Please stop posting links.',
    issuedById: 'u-mod',
    issuedByName: 'moderator',
    active: true,
    ...fields,
  });
}

export function createSanctionTestServer(initial: Sanction[] = []) {
  const sanctions = [...initial];
  const issued: IssueSanctionRequest[] = [];
  const revoked: RevokeSanctionRequest[] = [];
  const listRequests: ListSanctionsRequest[] = [];
  const suggestions: SuggestSanctionRequest[] = [];
  const failures: { issue?: ConnectError; revoke?: ConnectError; list?: ConnectError; mine?: ConnectError } = {};
  const settings = {
    reasonTemplates: ['Spam', 'Harassment', 'Cheating'],
    ladder: [
      { kind: SanctionKind.MUTE, durationSeconds: 3600n },
      { kind: SanctionKind.MUTE, durationSeconds: 86400n },
      { kind: SanctionKind.BAN, durationSeconds: 7n * 86400n },
      { kind: SanctionKind.BAN, durationSeconds: -1n },
    ],
  };

  const appeals = createAppealRoutes(sanctions, NOW_MS);
  const transport = createRouterTransport(({ service }) => {
    service(AppealService, appeals.routes);
    service(SanctionService, {
      issueSanction: (req) => {
        if (failures.issue) throw failures.issue;
        issued.push(req);
        const sanction = makeSanction({
          id: `s-new-${issued.length}`,
          kind: req.kind,
          scope: req.scope,
          scopeId: req.scopeId,
          characterId: req.characterId,
          characterName: req.characterId ? 'Pia Nightshade' : '',
          accountId: req.accountId || 'u-player',
          reason: req.reason,
          playerMessage: req.playerMessage,
          issuedAtMs: BigInt(NOW_MS),
          expiresAtMs: req.durationSeconds < 0n ? 0n : BigInt(NOW_MS) + req.durationSeconds * 1000n,
        });
        sanctions.unshift(sanction);
        return sanction;
      },
      revokeSanction: (req) => {
        if (failures.revoke) throw failures.revoke;
        revoked.push(req);
        const hit = sanctions.find((s) => s.id === req.id);
        if (!hit) throw new ConnectError('sanction not found', Code.NotFound);
        Object.assign(hit, { active: false, revokedAtMs: BigInt(NOW_MS), revokedById: 'u-mod', revokedByName: 'moderator', revokeReason: req.reason });
        return hit;
      },
      getSanction: (req) => {
        const hit = sanctions.find((s) => s.id === req.id);
        if (!hit) throw new ConnectError(`sanction ${req.id} not found`, Code.NotFound);
        return hit;
      },
      listSanctions: (req) => {
        listRequests.push(req);
        if (failures.list) throw failures.list;
        const matches = sanctions.filter(
          (s) =>
            (!req.kind || s.kind === req.kind) &&
            (!req.scope || s.scope === req.scope) &&
            (!req.state || (req.state === SanctionState.ACTIVE) === s.active) &&
            (!req.characterId || s.characterId === req.characterId) &&
            (!req.accountId || s.accountId === req.accountId) &&
            (!req.issuedById || s.issuedById === req.issuedById),
        );
        return create(SanctionsSchema, { total: BigInt(matches.length), sanctions: matches.slice(req.offset, req.offset + (req.limit || 50)) });
      },
      getMySanctions: () => {
        if (failures.mine) throw failures.mine;
        return create(SanctionsSchema, { total: BigInt(sanctions.length), sanctions });
      },
      suggestSanction: (req) => {
        suggestions.push(req);
        const prior = sanctions.filter((s) => (req.characterId ? s.characterId === req.characterId : s.accountId === req.accountId) && !s.revokedAtMs).length;
        const step = settings.ladder[Math.min(prior, settings.ladder.length - 1)]!;
        return create(SanctionSuggestionSchema, { step: create(LadderStepSchema, step), priorSanctions: prior });
      },
      getModerationSettings: () =>
        create(ModerationSettingsSchema, { reasonTemplates: settings.reasonTemplates, ladder: settings.ladder.map((s) => create(LadderStepSchema, s)) }),
    });
    service(ChatService, {
      getChatChannels: () =>
        create(ChatChannelsSchema, {
          channels: [
            create(ChatChannelSchema, { id: 'ch-1', name: 'General', public: true }),
            create(ChatChannelSchema, { id: 'ch-2', name: 'Prime Runners', dimensionId: 'd-prime' }),
          ],
        }),
      getChatChannel: (req) => create(ChatChannelSchema, { id: req.id, name: req.id === 'ch-1' ? 'General' : 'Prime Runners', public: true }),
    });
    service(DimensionService, {
      getDimensions: () => create(DimensionsSchema, { dimensions: [create(DimensionSchema, { id: 'd-prime', name: 'Prime' })] }),
    });
    service(CharacterService, {
      getCharacter: (req) => create(CharacterSchema, { id: req.id, name: 'Pia Nightshade', ownerId: 'u-player', gender: 'female', realm: 'human' }),
    });
  });

  // The staff the pages name (the 'Issued by' filter, owners), from the identity admin API.
  const fetch = createIdentityAdminFetch([{ id: 'u-mod', username: 'moderator' }]);
  return { transport, transports: { rpc: transport, fetch }, sanctions, issued, revoked, listRequests, suggestions, failures, settings, appeals };
}
