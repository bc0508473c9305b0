import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { useCreateCharacter } from '../../lib/api/characters';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { CharacterForm } from './character-form';
import { EMPTY_CHARACTER } from './character-form-schema';
import { characterCreatedText } from './character-messages';

export default function CharacterNewPage() {
  const create = useCreateCharacter();
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  return (
    <>
      <title>New Character · SRO Admin</title>
      <PageHeader title="New Character" />
      <CharacterForm
        initial={EMPTY_CHARACTER}
        saving={create.isPending}
        cancelTo="/admin/characters"
        onSubmit={(values) =>
          create.mutateAsync(values).then((c) => go('/admin/characters', { type: 'success', message: characterCreatedText(c.name, c.id) }), feedback.failed)
        }
      />
    </>
  );
}
