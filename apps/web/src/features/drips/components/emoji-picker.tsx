import { ActionIcon, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';

const EMOJI = [
  '😀',
  '😃',
  '😄',
  '😁',
  '😆',
  '😊',
  '😍',
  '🤩',
  '😎',
  '🤔',
  '😮',
  '😱',
  '🥳',
  '😇',
  '🙌',
  '👍',
  '👉',
  '👀',
  '💥',
  '🔥',
  '⭐',
  '✨',
  '⚡',
  '💡',
  '🎉',
  '🎁',
  '🛒',
  '💰',
  '💸',
  '🏷️',
  '📢',
  '📣',
  '🔔',
  '⏰',
  '⌛',
  '📅',
  '🚀',
  '✅',
  '❗',
  '❤️',
  '💯',
  '🆕',
  '🆓',
  '🍀',
  '☀️',
  '🌙',
  '🎯',
  '🏆',
];

export interface EmojiPickerProps {
  /** Names the button: 'Insert emoji into Title'. */
  target: string;
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/** A small emoji grid in a popover; a picked emoji is handed to `onPick` (the field appends it). */
export function EmojiPicker({ target, onPick, disabled }: EmojiPickerProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          aria-label={`Insert emoji into ${target}`}
          onClick={() => setOpened((o) => !o)}
          disabled={disabled}
        >
          <IconMoodSmile size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <SimpleGrid cols={8} spacing={2} role="group" aria-label="Emoji">
          {EMOJI.map((emoji) => (
            <UnstyledButton
              key={emoji}
              aria-label={emoji}
              onClick={() => {
                onPick(emoji);
                setOpened(false);
              }}
              style={{ fontSize: 20, lineHeight: '28px', width: 28, textAlign: 'center', borderRadius: 4 }}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
