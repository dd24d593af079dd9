// The head of an operator screen: its title and a line on what it holds, with the farm picker beside.
import type { ReactNode } from 'react';

export function ScreenHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <header className="op-header">
      <div>
        <h1 className="op-header__title">{title}</h1>
        <p className="op-header__lead">{lead}</p>
      </div>
      {children}
    </header>
  );
}
