import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { focusRing } from '../../../components/button-styles';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  templates: readonly string[];
  error?: string;
  label?: string;
}

/**
 * The reason: a template from the moderation settings or free text (React Aria's combo box with custom values:
 * typing filters the templates, ArrowDown opens them, Enter picks one, Escape closes).
 */
export function ReasonComboBox({ value, onChange, onBlur, templates, error, label = 'Reason' }: Props) {
  // Filtered here: with a controlled input React Aria shows every item when the list opens by focus.
  const typed = value.trim().toLowerCase();
  const items = templates.filter((text) => text.toLowerCase().includes(typed)).map((text) => ({ id: text, text }));
  return (
    <ComboBox
      allowsCustomValue
      allowsEmptyCollection
      menuTrigger="focus"
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      onBlur={onBlur}
      items={items}
      isInvalid={!!error}
      isRequired
      className="min-w-0"
    >
      <Label className="mb-1 block text-sm font-medium text-slate-200">{label}</Label>
      <div className="flex">
        <Input
          placeholder="Choose a template or write one"
          className={`block w-full rounded-l-md border bg-night-800 px-3 py-2 text-sm text-slate-100 outline-none placeholder:text-slate-400 focus-visible:border-neon-cyan ${error ? 'border-rose-400' : 'border-white/20'}`}
        />
        <Button
          aria-label="Show reason templates"
          className={`rounded-r-md border border-l-0 border-white/20 bg-night-800 px-2 text-slate-300 hover:text-white ${focusRing}`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none">
            <path d="M6 8l4 4 4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
      </div>
      <Text slot="description" className="mt-1 block text-xs text-slate-400">
        Recorded with the sanction; the player sees it in their account's sanction history.
      </Text>
      {error && (
        <Text slot="errorMessage" className="mt-1 block text-sm text-rose-300">
          {error}
        </Text>
      )}
      {/* Above the field: below it are the dialog's buttons, which the list must not cover. */}
      <Popover
        placement="top start"
        maxHeight={240}
        offset={4}
        className="w-(--trigger-width) rounded-md border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50 data-[entering]:animate-select-in"
      >
        <ListBox
          className="max-h-64 overflow-y-auto outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-slate-300">No template matches: your text is the reason.</p>}
        >
          {(item: { id: string; text: string }) => (
            <ListBoxItem
              id={item.id}
              textValue={item.text}
              className="cursor-pointer rounded px-3 py-2 text-sm text-slate-200 outline-none data-[focused]:bg-white/10 data-[focused]:text-white"
            >
              {item.text}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
