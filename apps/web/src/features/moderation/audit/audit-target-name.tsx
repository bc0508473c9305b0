import { useCharacter } from '../../../lib/api/characters';
import { useChannel } from '../../../lib/api/chat-channels';
import { useDimension } from '../../../lib/api/dimensions';
import { useMap } from '../../../lib/api/maps';

/**
 * The name of a record's target when the console can look it up (a character, channel, dimension or map that still
 * exists; each lookup is cached per id), else undefined: the id alone then says which.
 */
export function useAuditTargetName({ targetType, targetId }: { targetType: string; targetId: string }): string | undefined {
  const idIf = (type: string) => (targetType === type ? targetId : '');
  const character = useCharacter(idIf('character'));
  const channel = useChannel(idIf('chat-channel'));
  const dimension = useDimension(idIf('dimension'));
  const map = useMap(idIf('map'));
  return (character.data ?? channel.data ?? dimension.data ?? map.data)?.name;
}
