// Role changes other areas make: owning a farm or a store makes a customer an operator.
import type { Prisma } from '@printfarm/db';

/**
 * Makes the user an operator unless they are already operator or staff (staff never lose rights).
 * Call it inside the transaction that gives the user a farm or a store. The session middleware
 * reloads the user on every request, so the new role applies to the next request.
 */
export async function promoteToOperator(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.user.updateMany({ where: { id: userId, role: 'customer' }, data: { role: 'operator' } });
}
