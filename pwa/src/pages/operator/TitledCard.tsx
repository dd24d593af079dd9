// A card with a title, an optional line under it, and its content: the shape most cards on the
// operator, staff and network screens have.
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

export function TitledCard({
  title,
  description,
  id,
  className,
  contentClassName,
  children,
}: {
  title: string;
  description?: ReactNode;
  id?: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id} className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
