// The dashboard's Settings tab: the user's name and default shipping address.
import { Prisma, type PrismaClient } from '@printfarm/db';
import type { ProfileSettings } from '@printfarm/domain/profile';
import type { SessionUser } from '../auth/guards.ts';
import { notFound } from '../http/errors.ts';

const profileFields = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  defaultShippingAddress: true,
} satisfies Prisma.UserSelect;

export type ProfileRow = Prisma.UserGetPayload<{ select: typeof profileFields }>;

export async function getProfile(prisma: PrismaClient, user: SessionUser): Promise<ProfileRow> {
  const row = await prisma.user.findUnique({ where: { id: user.id }, select: profileFields });
  if (!row) throw notFound();
  return row;
}

export function updateProfile(
  prisma: PrismaClient,
  user: SessionUser,
  input: ProfileSettings,
): Promise<ProfileRow> {
  return prisma.user.update({
    where: { id: user.id },
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.defaultShippingAddress === undefined
        ? {}
        : {
            defaultShippingAddress:
              input.defaultShippingAddress === null
                ? Prisma.DbNull
                : (input.defaultShippingAddress as Prisma.InputJsonValue),
          }),
    },
    select: profileFields,
  });
}
