import { useId, useState, type KeyboardEvent } from 'react';
import { CloseIcon } from '../../../components/icons';

/** Adds one entry to a list: trimmed, blanks ignored, no duplicates (in any case). Answers the same list when nothing is added. */
export function addTag(list: readonly string[], entry: string): readonly string[] {
  const value = entry.trim().replace(/\s+/g, ' ');
  if (!value || list.some((x) => x.toLowerCase() === value.toLowerCase())) return list;
  return [...list, value];
}

interface TagEditorProps {
  label: string;
  placeholder: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** Quick picks shown under the input (the predefined features). */
  suggestions?: readonly string[];
  max: number;
  maxLength: number;
  error?: string;
}

/** A list of short texts: type and press Enter or Add; each entry has a remove button. */
export function TagEditor({ label, placeholder, values, onChange, suggestions = [], max, maxLength, error }: TagEditorProps) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const full = values.length >= max;

  const add = (entry: string) => {
    const next = addTag(values, entry);
    if (next !== values && !full) onChange([...next]);
    setDraft('');
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(draft);
    }
  };

  const remaining = suggestions.filter((s) => !values.some((v) => v.toLowerCase() === s.toLowerCase()));

  return (
    <div className="field tag-editor">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="tag-editor-row">
        <input
          id={`${id}-input`}
          className="input"
          value={draft}
          placeholder={placeholder}
          maxLength={maxLength}
          disabled={full}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="button" className="btn btn-outline" onClick={() => add(draft)} disabled={full || draft.trim() === ''}>
          Add
        </button>
      </div>
      {values.length > 0 ? (
        <ul className="tag-list" aria-label={label}>
          {values.map((value) => (
            <li key={value} className="tag">
              <span>{value}</span>
              <button type="button" className="tag-remove" aria-label={`Remove ${value}`} onClick={() => onChange(values.filter((v) => v !== value))}>
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {remaining.length > 0 && !full ? (
        <details className="tag-suggestions">
          <summary>Common {label.toLowerCase()}</summary>
          <div className="tag-suggestion-list">
            {remaining.map((s) => (
              <button key={s} type="button" className="tag-suggestion" onClick={() => add(s)}>
                + {s}
              </button>
            ))}
          </div>
        </details>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
