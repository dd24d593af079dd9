// 'Request again' on a cancelled, shipped or completed request: a new draft with the same files, their
// quantities and the print choices opens at once, ready for 'Get quotes' (no second upload).

import { useNavigate } from 'react-router-dom';
import { useRequestAgain } from '../../api/printRequests.ts';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';

export function RequestAgainButton({
  requestId,
  variant = 'outline',
  size,
}: {
  requestId: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const again = useRequestAgain(requestId, toastOnFailure('Could not start a new request'));
  const navigate = useNavigate();
  return (
    <Button
      variant={variant}
      size={size}
      loading={again.isPending}
      onClick={() =>
        again.mutate(undefined, { onSuccess: (draft) => navigate(`/dashboard/requests/${draft.id}`) })
      }
    >
      Request again
    </Button>
  );
}
