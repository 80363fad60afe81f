import { CARD_TEXT_MAX_LENGTH } from '@turtle/shared/cards';

/**
 * The fields of a note of a kept Anki note type, each in its own box under its name: its cards are its note type's
 * templates rendered with them, so an edit changes every card of the note (docs/decisions/047-anki-note-fields-and-styles.md).
 */
export function NoteFields({
  noteType,
  cards,
  values,
  onChange,
  className,
}: {
  noteType: { name: string; fields: { name: string }[] };
  cards: number;
  values: string[];
  onChange: (values: string[]) => void;
  className: string;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
        This card comes from the Anki note type “{noteType.name}”: edit its fields, and its{' '}
        {cards === 1 ? 'card follows' : `${cards} cards follow`} its templates.
      </legend>
      {noteType.fields.map((field, index) => (
        <label key={index} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {field.name}
          <textarea
            rows={index === 0 ? 3 : 2}
            maxLength={CARD_TEXT_MAX_LENGTH}
            value={values[index] ?? ''}
            onChange={(event) => onChange(values.map((value, at) => (at === index ? event.target.value : value)))}
            className={className}
          />
        </label>
      ))}
    </fieldset>
  );
}
