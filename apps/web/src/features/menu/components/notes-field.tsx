/** A cart line's note to the kitchen. */
export function NotesField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange(notes: string): void;
  placeholder?: string;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="font-semibold">Notes</span>
      <textarea
        value={value}
        maxLength={500}
        rows={2}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="rounded-md border border-stone-300 px-3 py-2"
      />
    </label>
  );
}
