import { ItemLoadError } from '../../components/load-error';
import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useCharacter, useEditCharacter } from '../../lib/api/characters';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { useRequiredParam } from '../../lib/use-required-param';
import { AuthorizedChannelsEditor } from './authorized-channels-editor';
import { CharacterForm } from './character-form';
import type { CharacterFormValues } from './character-form-schema';
import { CHARACTER_ID_REQUIRED, CHARACTER_UPDATED } from './character-messages';

export default function CharacterEditPage() {
  const id = useRequiredParam('id', CHARACTER_ID_REQUIRED);
  const character = useCharacter(id);
  const edit = useEditCharacter(id);
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  if (character.isError) {
    return (
      <ItemLoadError
        what="character"
        error={character.error}
        onRetry={() => void character.refetch()}
        backTo="/admin/characters"
        backLabel="Back to characters"
      />
    );
  }
  const data = character.data;
  if (!data) return <PageLoading />;
  const initial: CharacterFormValues = {
    ownerId: data.ownerId,
    name: data.name,
    gender: data.gender,
    realm: data.realm,
    dimensionId: data.dimensionId,
  };
  return (
    <>
      <title>{`Edit ${data.name} · SRO Admin`}</title>
      <PageHeader title={`Edit ${data.name}`} />
      {/* The form and the channels section share one width, so the page reads as one column. */}
      <div className="max-w-3xl">
        <CharacterForm
          key={data.id}
          initial={initial}
          editing
          fill
          saving={edit.isPending}
          cancelTo={`/admin/characters/${id}`}
          onSubmit={(values) =>
            // Only changed fields go out, named in the field mask.
            edit
              .mutateAsync({ before: initial, after: values })
              .then(() => go(`/admin/characters/${id}`, { type: 'success', message: CHARACTER_UPDATED }), feedback.failed)
          }
        />
        <AuthorizedChannelsEditor characterId={id} />
      </div>
    </>
  );
}
