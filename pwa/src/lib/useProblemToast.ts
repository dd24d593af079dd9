// A toast that reports a problem with what the person entered, taken away as soon as it is fixed
// (adding the printer that 'Please add at least one printer' asked for), instead of lingering.
import { useEffect, useRef } from 'react';
import { type ToastHandle, type ToastOptions, toast } from '../components/ui/toast.tsx';

export function useProblemToast(fixed: boolean): (options: ToastOptions) => void {
  const shown = useRef<ToastHandle | null>(null);
  useEffect(() => {
    if (!fixed) return;
    shown.current?.dismiss();
    shown.current = null;
  }, [fixed]);
  return (options) => {
    shown.current = toast(options);
  };
}
