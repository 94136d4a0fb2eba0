import { useState } from 'react';
import { Button, Flex, Input, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

interface ListEditorProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  placeholder: string;
  /** Offered as one-click additions (the predefined features). */
  suggestions?: readonly string[];
  maxLength: number;
}

/** A text list (features, recent services): trimmed, empty and duplicate entries ignored, Enter or Add. */
export function ListEditor({ label, value, onChange, placeholder, suggestions = [], maxLength }: ListEditorProps) {
  const [draft, setDraft] = useState('');
  const add = (entry: string) => {
    const text = entry.trim();
    if (text && !value.some((v) => v.toLowerCase() === text.toLowerCase())) onChange([...value, text]);
    setDraft('');
  };
  const remaining = suggestions.filter((s) => !value.includes(s));

  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{label}</Typography.Text>
      <Flex gap={8}>
        <Input
          aria-label={`New ${label.toLowerCase()} entry`}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            add(draft);
          }}
        />
        <Button icon={<PlusOutlined />} onClick={() => add(draft)}>
          Add
        </Button>
      </Flex>
      <Flex gap={6} wrap>
        {value.length === 0 && <Typography.Text type="secondary">None yet.</Typography.Text>}
        {value.map((entry) => (
          <Tag key={entry} closable color="blue" onClose={() => onChange(value.filter((v) => v !== entry))} closeIcon={<span aria-label={`Remove ${entry}`}>×</span>}>
            {entry}
          </Tag>
        ))}
      </Flex>
      {remaining.length > 0 && (
        <Flex gap={6} wrap>
          {remaining.map((s) => (
            <Tag key={s} className="adm-console-suggestion" onClick={() => add(s)} role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && add(s)}>
              + {s}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
