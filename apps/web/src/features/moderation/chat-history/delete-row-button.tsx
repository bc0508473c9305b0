import { buttonClasses } from '../../../components/button-styles';

/** A history row's Delete action (opens the reason dialog). */
export function DeleteRowButton({ onPress }: { onPress: () => void }) {
  return (
    <button type="button" className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')} onClick={onPress}>
      Delete
    </button>
  );
}
