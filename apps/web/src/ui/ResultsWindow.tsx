import type { ReactNode } from 'react';
import { Modal, ScrollArea, Stack } from '@mantine/core';

/**
 * The results window of a search (a modal over the form): the table scrolls inside it and the count
 * and page links stay in view under it, at any window height (1366×900 hid them below the fold).
 */
export function ResultsWindow({ opened, onClose, title, footer, children }: { opened: boolean; onClose(): void; title: string; footer: ReactNode; children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl">
      <Stack gap="sm">
        {/* The modal's header, paddings and offsets take about 18rem of the window. */}
        <ScrollArea.Autosize mah="calc(100dvh - 18rem)" type="auto" offsetScrollbars>
          {children}
        </ScrollArea.Autosize>
        <Stack gap="xs" data-testid="results-footer">
          {footer}
        </Stack>
      </Stack>
    </Modal>
  );
}
