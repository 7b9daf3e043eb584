import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** A message with an undo button (delete with undo, docs/modules.md#capture-list). */
export function showUndoNotice(o: {
  id: string;
  title: string;
  message: string;
  undoLabel: string;
  onUndo: () => void;
}) {
  notifications.show({
    id: o.id,
    color: 'blue',
    title: o.title,
    autoClose: 8000,
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{o.message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(o.id);
            o.onUndo();
          }}
        >
          {o.undoLabel}
        </Button>
      </Group>
    ),
  });
}
