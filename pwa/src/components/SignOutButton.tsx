// Signing out from anywhere: the session ends on the server, everything cached for the person is
// forgotten (useLogout), and the visitor lands on the home page.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../api/authMutations.ts';
import { errorMessage } from '../api/request.ts';
import { toast } from './ui/toast.tsx';

export interface SignOutButtonProps {
  className?: string;
  /** Shown before the words, e.g. the sidebar's icon. */
  icon?: ReactNode;
  /** The accessible name when the words are hidden (a collapsed sidebar). */
  label?: string;
  showText?: boolean;
  /** Class of the words' span (the operator bar hides them on a phone). */
  textClassName?: string;
}

export function SignOutButton({
  className,
  icon,
  label,
  showText = true,
  textClassName,
}: SignOutButtonProps) {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        navigate('/');
        toast({ title: 'Signed out', description: 'You have signed out of PrintFarm Network.' });
      },
      onError: (error) =>
        toast({
          title: 'Could not sign out',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <button
      type="button"
      className={className}
      onClick={signOut}
      disabled={logout.isPending}
      aria-label={showText ? undefined : (label ?? 'Sign out')}
      // Words a style may hide still need a name on hover and for screen readers.
      title={showText && !textClassName ? undefined : (label ?? 'Sign out')}
    >
      {icon}
      {showText && <span className={textClassName}>Sign out</span>}
    </button>
  );
}
