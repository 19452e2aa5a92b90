'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A confirmation before a destructive action: an alert dialog (Radix: focus trapped, Escape
 * cancels, focus returns to the trigger) with a title, a sentence and two buttons. The caller
 * gives the trigger and the confirming button; `open`/`onOpenChange` control it when the action
 * closes it itself (after an async step).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  cancel,
  confirm,
  open,
  onOpenChange,
}: {
  /** A Dialog.Trigger-able element: rendered with `asChild`. */
  trigger: ReactNode;
  title: string;
  description: string;
  /** The cancel button's class and label. */
  cancel: { label: string; className: string };
  confirm: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-border bg-surface p-6 shadow-lg data-[state=open]:animate-fade-in"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close className={cancel.className}>{cancel.label}</Dialog.Close>
            {confirm}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
