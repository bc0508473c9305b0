import { useCharacter } from '../../../lib/api/characters';
import { useChannel } from '../../../lib/api/chat-channels';
import { useOwner } from '../../../lib/api/owners';
import type { IssueSanctionInput } from '../../../lib/api/sanctions';
import { SanctionDialog } from './sanction-dialog';

export interface ChatSanctionRequest {
  characterId: string;
  characterName: string;
  channelId: string;
  channelName?: string;
  quote: string;
  /** The chat line's message id: the sanction is issued from it and keeps it and its channel around it as evidence. */
  messageId?: string;
}

/**
 * The sanction dialog for a chat message: its sender (and the sender's owner, for an account-wide sanction), the
 * channel as the scope, the message as context.
 */
export function ChatSanctionDialog({
  request,
  onClose,
  issueWith,
}: {
  request: ChatSanctionRequest;
  onClose: () => void;
  /** See SanctionDialog: a report's resolution issues the sanction itself. */
  issueWith?: (input: IssueSanctionInput) => Promise<unknown>;
}) {
  const character = useCharacter(request.characterId);
  const channel = useChannel(request.channelId);
  const owner = useOwner(character.data?.ownerId ?? '');
  return (
    <SanctionDialog
      // Open at once; the owner (needed only for 'The whole account') arrives while the moderator reads.
      open
      onClose={onClose}
      issueWith={issueWith}
      target={{
        characterId: request.characterId,
        characterName: character.data?.name ?? request.characterName,
        accountId: character.data?.ownerId ?? '',
        accountName: owner?.username,
      }}
      prefill={{
        channelId: request.channelId,
        channelName: request.channelName,
        dimensionId: channel.data?.dimensionId ?? '',
        quote: request.quote,
        sourceMessageId: request.messageId || undefined,
      }}
    />
  );
}
