import { useEffect, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { buttonClasses } from '../../components/button-styles';
import { useNotify } from '../../components/notifications/notification-context';
import { useTableSearch } from '../../components/table/global-search';
import { useAuthorizedChannels, useChannels, useSetAuthorizedChannels } from '../../lib/api/chat-channels';
import { useDimensions } from '../../lib/api/dimensions';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { CharacterChannelsTable } from './character-channels-table';
import { CHAT_CHANNELS_UPDATED } from './character-messages';

const asSelection = (ids: readonly string[]): RowSelectionState => Object.fromEntries(ids.map((id) => [id, true]));

/** The character edit page's second section: pick the channels the character may use, with its own Save. */
export function AuthorizedChannelsEditor({ characterId }: { characterId: string }) {
  const channels = useChannels();
  const authorized = useAuthorizedChannels(characterId);
  const dimensions = useDimensions();
  const save = useSetAuthorizedChannels(characterId);
  const notify = useNotify();
  const feedback = useWriteFeedback();
  const query = useTableSearch();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [touched, setTouched] = useState(false);

  // Start from the server's list until the admin changes something.
  useEffect(() => {
    if (authorized.data && !touched) setSelection(asSelection(authorized.data.map((c) => c.id)));
  }, [authorized.data, touched]);

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  return (
    <section aria-labelledby="authorized-channels-title" className="mt-10">
      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="authorized-channels-title" className="text-lg font-semibold text-white">
            Authorized Chat Channels
          </h2>
          <p className="text-sm text-slate-300">{selectedIds.length} selected. Public channels of the character's dimension need no authorization.</p>
        </div>
        <button
          type="button"
          className={buttonClasses('primary')}
          disabled={save.isPending || !touched}
          aria-busy={save.isPending || undefined}
          onClick={() =>
            save.mutate(selectedIds, {
              onSuccess: () => {
                setTouched(false);
                notify.success(CHAT_CHANNELS_UPDATED);
              },
              onError: feedback.failed,
            })
          }
        >
          {/* Not a second plain 'Save' on the page: this one saves only the channel list. */}
          {save.isPending ? 'Saving...' : 'Save channels'}
        </button>
      </div>
      <CharacterChannelsTable
        label="Chat channels the character may use"
        channels={channels.data ?? []}
        dimensions={dimensions.data ?? []}
        loading={channels.isPending || authorized.isPending}
        search={query}
        selection={{
          value: selection,
          onChange: (next) => {
            setTouched(true);
            setSelection(next);
          },
        }}
      />
    </section>
  );
}
