// Development-only accounts for trying each role; never created in production.
import type { PrismaClient, UserRole } from '@printfarm/db';
import { hashPassword } from '@printfarm/db/password';

export const DEMO_ACCOUNTS: { email: string; role: UserRole; firstName: string; lastName: string }[] = [
  { email: 'staff@demo.test', role: 'staff', firstName: 'Sasha', lastName: 'Staff' },
  { email: 'operator@demo.test', role: 'operator', firstName: 'Olive', lastName: 'Operator' },
  { email: 'customer@demo.test', role: 'customer', firstName: 'Casey', lastName: 'Customer' },
];

export async function seedDemoAccounts(
  prisma: PrismaClient,
  password: string,
): Promise<Record<UserRole, string>> {
  const passwordHash = await hashPassword(password);
  const ids = {} as Record<UserRole, string>;
  for (const account of DEMO_ACCOUNTS) {
    const user = await prisma.user.upsert({
      where: { email: account.email },
      update: { passwordHash, role: account.role },
      create: { ...account, passwordHash },
      select: { id: true },
    });
    ids[account.role] = user.id;
  }
  return ids;
}
