// What the person is told when a change made on more than one screen succeeds or fails.

import type { SupportMessageView } from '../../../api/src/views/index.ts';
import type { ProjectFile } from '../api/projectFiles.ts';
import { toast } from './ui/toast.tsx';
import { toastOnFailure } from './ui/toastOnFailure.ts';

/** Deleting a design, from the file manager or a request's files. */
export const FILE_DELETED = {
  ...toastOnFailure('Could not delete the file'),
  onSuccess: (file: ProjectFile) =>
    toast({ title: 'File deleted', description: `${file.fileName} was removed.` }),
};

/** A message to support, from the contact page or the dashboard. */
export const MESSAGE_SENT = {
  onSuccess: (answer: SupportMessageView) => toast({ title: 'Message sent', description: answer.message }),
};
